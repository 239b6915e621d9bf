import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { notification, serveMarkRead, serveReadAll, strapiPage } from './notificationFixtures';

vi.mock('../../src/lib/eventStream', () => ({ openEventStream: () => () => undefined }));

const SLOW = 60000;

/** GET /api/notifications: 25 in all (page 1: 20, page 2: 5), the odd ones unread. */
function serveNotifications() {
  const queries: URLSearchParams[] = [];
  const read = new Set<string>();
  server.use(
    http.get('*/api/notifications', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const all = Array.from({ length: 25 }, (_u, i) =>
        notification(i + 1, { read: i % 2 === 1 || read.has(`note-${i + 1}`) }),
      );
      const rows = params.get('filters[read][$eq]') === 'false' ? all.filter((n) => !n.read) : all;
      const page = Number(params.get('pagination[page]') ?? 1);
      return HttpResponse.json(
        strapiPage(rows.slice((page - 1) * 20, page * 20), page, 20, rows.length),
      );
    }),
  );
  return { queries, read };
}

function openPage() {
  renderApp({ path: '/notifications', user: studentUser, authorities: ['ROLE_STUDENT'] });
}

describe('the notifications page', () => {
  it(
    'shows a spinner while the first page loads',
    async () => {
      server.use(
        http.get('*/api/notifications', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      );
      openPage();
      expect(await screen.findByLabelText('Loading your notifications')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'says so when there is nothing',
    async () => {
      openPage();
      expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows the server's message on failure and loads again on Retry",
    async () => {
      let fail = true;
      server.use(
        http.get('*/api/notifications', () =>
          fail
            ? HttpResponse.json(
                { data: null, error: { status: 500, name: 'Error', message: 'Database is down' } },
                { status: 500 },
              )
            : HttpResponse.json(strapiPage([notification(1)])),
        ),
      );
      openPage();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Database is down');
      fail = false;
      await userEvent
        .setup({ delay: null })
        .click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Notification 1')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'lists newest first with the unread highlighted, and pages on the server',
    async () => {
      const { queries } = serveNotifications();
      openPage();
      const list = await screen.findByRole('list', { name: 'Your notifications' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(20);
      expect(items[0]).toHaveAttribute('data-unread', 'true');
      expect(items[1]).toHaveAttribute('data-unread', 'false');
      expect(queries[0]?.get('sort')).toBe('createdAt:desc');
      expect(queries[0]?.get('pagination[pageSize]')).toBe('20');
      expect(queries[0]?.has('filters[read][$eq]')).toBe(false);
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await within(list).findByText('Notification 21')).toBeInTheDocument();
      expect(within(list).getAllByRole('listitem')).toHaveLength(5);
      expect(queries.at(-1)?.get('pagination[page]')).toBe('2');
    },
    SLOW,
  );

  it(
    'filters the unread, from page 1',
    async () => {
      const { queries } = serveNotifications();
      openPage();
      const list = await screen.findByRole('list', { name: 'Your notifications' });
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await within(list).findByText('Notification 21');
      await user.click(screen.getByRole('button', { name: 'Unread' }));
      // Page 2 has no "Notification 2" either: wait for the unread page 1 itself (13 items).
      await waitFor(() =>
        expect(
          within(screen.getByRole('list', { name: 'Your notifications' })).getAllByRole('listitem'),
        ).toHaveLength(13),
      );
      const last = queries.at(-1);
      expect(last?.get('filters[read][$eq]')).toBe('false');
      expect(last?.get('pagination[page]')).toBe('1');
      const items = within(screen.getByRole('list', { name: 'Your notifications' })).getAllByRole(
        'listitem',
      );
      expect(items.every((item) => item.dataset.unread === 'true')).toBe(true);
    },
    SLOW,
  );

  it(
    'marks one read, and all read',
    async () => {
      const { read } = serveNotifications();
      const marked = serveMarkRead((documentId) => read.add(documentId));
      const bodies = serveReadAll();
      openPage();
      const list = await screen.findByRole('list', { name: 'Your notifications' });
      const user = userEvent.setup({ delay: null });
      await user.click(within(list).getByRole('button', { name: 'Mark as read: Notification 1' }));
      await waitFor(() =>
        expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('data-unread', 'false'),
      );
      expect(marked).toEqual(['note-1']);
      await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
      await waitFor(() => expect(bodies).toEqual([{ userId: studentUser.id }]));
    },
    SLOW,
  );
});
