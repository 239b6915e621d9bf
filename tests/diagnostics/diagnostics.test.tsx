import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearDiagnosticLogs,
  logsWritten,
  readDiagnosticLogs,
  recordConsoleLog,
  recordNetworkLog,
} from '../../src/lib/diagnosticLogs';
import { server } from '../msw/server';
import { adminUser, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';

const consoleRow = {
  level: 'error' as const,
  message: 'Upload failed',
  timestamp: '2026-11-20T10:00:00.000Z',
};
const networkRow = {
  method: 'GET',
  url: '/api/courses?pagination[page]=1',
  status: 500,
  durationMs: 42,
  timestamp: '2026-11-20T10:00:01.000Z',
};

async function keepSomeLogs() {
  recordConsoleLog(consoleRow);
  recordNetworkLog(networkRow);
  await logsWritten();
}

beforeEach(async () => {
  await clearDiagnosticLogs();
});

describe('send diagnostics (Settings)', () => {
  it.each([200, 201])(
    'posts the logs with browser, OS, device and user id, and clears them on HTTP %i',
    async (status) => {
      await keepSomeLogs();
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/logs', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ data: { id: 9, documentId: 'log-9' } }, { status });
        }),
      );
      renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Send diagnostics' }));

      expect(await screen.findByText('Diagnostics sent. Thank you.')).toBeInTheDocument();
      expect(bodies).toEqual([
        {
          data: {
            browser: expect.any(String) as string,
            os: expect.any(String) as string,
            device: expect.any(String) as string,
            userAgent: navigator.userAgent,
            consoleLogs: [consoleRow],
            // The screen's own loads (the bell's, the notification settings') may be kept too.
            apiLogs: expect.arrayContaining([networkRow]) as unknown[],
            timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
            users_permissions_user: studentUser.id,
          },
        },
      ]);
      expect(await readDiagnosticLogs()).toEqual({ network: [], console: [] });
    },
  );

  it("shows the server's error and keeps the logs when the upload fails", async () => {
    await keepSomeLogs();
    server.use(
      http.post('*/api/logs', () =>
        HttpResponse.json(
          { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } },
          { status: 403 },
        ),
      ),
    );
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send diagnostics' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
    const kept = await readDiagnosticLogs();
    expect(kept.console).toContainEqual(consoleRow);
    expect(kept.network).toContainEqual(networkRow);
  });
});

function uploadedLog(index: number) {
  return {
    id: index,
    documentId: `log-${index}`,
    browser: 'Chrome 130',
    os: 'Windows',
    device: 'Desktop',
    userAgent: 'Mozilla/5.0',
    consoleLogs: [{ level: 'error', message: `Console message ${index}`, timestamp: 't' }],
    apiLogs: [
      { method: 'GET', url: `/api/thing/${index}`, status: 500, durationMs: 3, timestamp: 't' },
    ],
    timestamp: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    users_permissions_user: { id: 3, email: `learner${index}@demo.test` },
  };
}

describe('Diagnostics screen (administrators)', () => {
  it('lists uploaded logs newest first with server paging, and opens one in a dialog', async () => {
    const requested: URLSearchParams[] = [];
    server.use(
      http.get('*/api/logs', ({ request }) => {
        const params = new URL(request.url).searchParams;
        requested.push(params);
        const page = Number(params.get('pagination[page]'));
        const first = (page - 1) * 25 + 1;
        const count = page === 1 ? 25 : 5;
        return HttpResponse.json({
          data: Array.from({ length: count }, (_unused, i) => uploadedLog(first + i)),
          meta: { pagination: { page, pageSize: 25, pageCount: 2, total: 30 } },
        });
      }),
    );
    renderApp({ path: '/diagnostics', user: adminUser, authorities: ['ROLE_ADMIN'] });

    const table = await screen.findByRole('table', { name: 'Uploaded diagnostics' });
    expect(await within(table).findByText('learner1@demo.test')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(requested[0]?.get('sort')).toBe('createdAt:desc');
    expect(requested[0]?.get('pagination[page]')).toBe('1');
    expect(requested[0]?.get('pagination[pageSize]')).toBe('25');
    expect(requested[0]?.get('populate[users_permissions_user][fields][0]')).toBe('email');
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('learner26@demo.test')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(requested.at(-1)?.get('pagination[page]')).toBe('2');
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();

    await user.click(
      within(table).getByRole('button', { name: /Open diagnostics from learner27@demo.test/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Diagnostics details' });
    expect(within(dialog).getByText('Console message 27')).toBeInTheDocument();
    expect(within(dialog).getByText('/api/thing/27')).toBeInTheDocument();
    expect(within(dialog).getByText(/learner27@demo.test/)).toBeInTheDocument();
  });

  it('shows the menu entry to administrators only', async () => {
    server.use(http.get('*/api/logs', () => HttpResponse.json({ data: [], meta: {} })));
    renderApp({ path: '/diagnostics', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Diagnostics' })).toBeInTheDocument();
    expect(await screen.findByText('No diagnostics sent yet')).toBeInTheDocument();
  });

  it('refuses the screen to a student', async () => {
    renderApp({ path: '/diagnostics', user: studentUser, authorities: ['ROLE_STUDENT'] });
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Diagnostics' })).not.toBeInTheDocument();
  });
});
