import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { liveClass, serveClasses, strapiError } from './liveClassFixtures';

const SLOW = 60000;

function openPage() {
  renderApp({ path: '/live-classes', user: adminUser, authorities: ['ROLE_ADMIN'] });
}

describe('the staff live classes list', () => {
  it(
    'shows a spinner while the first page loads',
    async () => {
      server.use(
        http.get('*/api/classes', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      );
      openPage();
      expect(await screen.findByLabelText('Loading live classes')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'says so when there is no upcoming class, and asks for upcoming ones from now on',
    async () => {
      const queries = serveClasses(() => []);
      openPage();
      expect(await screen.findByText('No upcoming classes')).toBeInTheDocument();
      const first = queries[0];
      expect(first?.get('filters[date][$gte]')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(first?.get('pagination[pageSize]')).toBe('10');
      expect(first?.get('populate[course]')).toBe('true');
      expect(first?.get('populate[batches]')).toBe('true');
      await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Past' }));
      await waitFor(() => expect(queries.at(-1)?.get('filters[date][$lt]')).toBeTruthy());
      expect(queries.at(-1)?.get('sort')).toBe('date:desc');
    },
    SLOW,
  );

  it(
    "shows the server's message when the list fails, and Retry loads it",
    async () => {
      let fail = true;
      server.use(
        http.get('*/api/classes', () =>
          fail
            ? strapiError(500, 'Database is down')
            : HttpResponse.json({ data: [liveClass(1)], meta: { pagination: { total: 1 } } }),
        ),
      );
      openPage();
      const alert = await screen.findByText('Database is down');
      fail = false;
      await userEvent.setup({ delay: null }).click(
        within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
          name: 'Retry',
        }),
      );
      expect(await screen.findByText('Class 1')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'searches by name on the server',
    async () => {
      const queries = serveClasses(() => [liveClass(1), liveClass(2, { cancelled: true })]);
      openPage();
      const table = await screen.findByRole('table', { name: 'Live classes' });
      expect(within(table).getByText('Cancelled')).toBeInTheDocument();
      await userEvent.setup({ delay: null }).type(screen.getByLabelText('Search classes'), 'alg');
      await waitFor(() => expect(queries.at(-1)?.get('filters[name][$containsi]')).toBe('alg'));
    },
    SLOW,
  );

  it(
    'checks the form, then keeps what was typed when the server refuses, showing its message',
    async () => {
      serveClasses(() => []);
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/classes', async ({ request }) => {
          bodies.push(await request.json());
          return strapiError(400, 'The start is in the past.');
        }),
      );
      openPage();
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'New live class' }));
      const dialog = await screen.findByRole('dialog', { name: 'New live class' });
      await user.click(within(dialog).getByRole('button', { name: 'Save live class' }));
      expect(within(dialog).getByText('Name the class.')).toBeInTheDocument();
      expect(
        within(dialog).getByText('Choose the batches, a course, or make the class public.'),
      ).toBeInTheDocument();
      expect(bodies).toHaveLength(0);

      await user.type(within(dialog).getByLabelText(/^Name/), 'Algebra live');
      fireEvent.change(within(dialog).getByLabelText(/^Starts/), {
        target: { value: '2031-05-04T10:30' },
      });
      await user.type(within(dialog).getByLabelText(/^Zoom meeting number/), '123 456 7890');
      await user.click(within(dialog).getByLabelText(/^Public/));
      await user.click(within(dialog).getByRole('button', { name: 'Save live class' }));

      expect(await within(dialog).findByText('The start is in the past.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Algebra live');
      expect(bodies[0]).toEqual({
        data: expect.objectContaining({
          name: 'Algebra live',
          date: new Date(2031, 4, 4, 10, 30).toISOString(),
          duration_minutes: 60,
          is_public: true,
          batches: [],
          provider: 'zoom',
          meeting_number: '1234567890',
        }),
      });
    },
    SLOW,
  );

  it(
    'says when Zoom is not configured and suggests a join link',
    async () => {
      serveClasses(() => []);
      server.use(
        http.get('*/api/live-classes/config', () =>
          HttpResponse.json({ data: { zoomConfigured: false } }),
        ),
      );
      openPage();
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'New live class' }));
      const dialog = await screen.findByRole('dialog', { name: 'New live class' });
      expect(
        await within(dialog).findByText(/Live classes over Zoom are not configured on this server/),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByLabelText('Other service (join link)'));
      expect(within(dialog).getByLabelText(/^Join link/)).toBeInTheDocument();
      expect(within(dialog).queryByText(/not configured/)).toBeNull();
    },
    SLOW,
  );

  it(
    'cancels a class after a confirmation',
    async () => {
      let cancelled = false;
      serveClasses(() => [liveClass(1, { cancelled })]);
      const bodies: unknown[] = [];
      server.use(
        http.put('*/api/classes/:documentId', async ({ request, params }) => {
          bodies.push({ id: params.documentId, body: await request.json() });
          cancelled = true;
          return HttpResponse.json({ data: liveClass(1, { cancelled: true }) });
        }),
      );
      openPage();
      const user = userEvent.setup({ delay: null });
      const cancel = await screen.findByRole('button', { name: 'Cancel live class Class 1' });
      const room = screen.getByRole('link', { name: 'Open Class 1' });
      expect(room).toHaveAttribute('href', '/zoom/class-1');
      expect(room).toHaveAttribute('target', '_blank');
      await user.click(cancel);
      const confirm = await screen.findByRole('dialog', { name: 'Cancel this class?' });
      await user.click(within(confirm).getByRole('button', { name: 'Cancel class' }));
      await waitFor(() =>
        expect(bodies).toEqual([{ id: 'class-1', body: { data: { cancelled: true } } }]),
      );
      const table = await screen.findByRole('table', { name: 'Live classes' });
      expect(await within(table).findByText('Cancelled')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Open Class 1' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Attendance of Class 1' })).toHaveAttribute(
        'href',
        '/live-classes/class-1/attendance',
      );
    },
    SLOW,
  );
});
