import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStreamHandlers } from '../../src/lib/eventStream';
import { bellLabel } from '../../src/features/notifications/NotificationBell';
import { useNotificationStream } from '../../src/features/notifications/useNotificationStream';
import { server } from '../msw/server';
import { studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { notification, serveMarkRead, serveReadAll, serveTop } from './notificationFixtures';

// The event stream is the wrapper's business (lib/eventStream.ts); here it is a fake that hands
// the test its handlers, so a test can send an event or fail the stream.
const stream = vi.hoisted(() => ({
  handlers: [] as EventStreamHandlers[],
  closed: 0,
}));
vi.mock('../../src/lib/eventStream', () => ({
  openEventStream: (_path: string, handlers: EventStreamHandlers) => {
    stream.handlers.push(handlers);
    return () => {
      stream.closed += 1;
    };
  },
}));

const SLOW = 60000;

function renderAt(path = '/settings') {
  return renderApp({ path, user: studentUser, authorities: ['ROLE_STUDENT'] });
}

async function openMenu() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return { user, menu: await screen.findByRole('menu', { name: 'Newest notifications' }) };
}

beforeEach(() => {
  stream.handlers = [];
  stream.closed = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('the notification bell', () => {
  it('names the bell with the count its badge shows (axe label-content-name-mismatch)', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(99)).toBe('Notifications, 99 unread');
    expect(bellLabel(120)).toBe('Notifications, 99+ unread');
  });

  it(
    'shows the unread count in its badge and name, and lists the newest 5',
    async () => {
      const items = [1, 2, 3, 4, 5].map((n) => notification(n, { read: n > 3 }));
      const queries = serveTop(() => ({ data: items, unread: 3, total: 12 }));
      renderAt();
      const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
      expect(within(bell).getByText('3')).toBeInTheDocument();
      expect(queries[0]?.get('userId')).toBe(String(studentUser.id));
      expect(queries[0]?.has('unread')).toBe(false);
      const { menu } = await openMenu();
      const entries = within(menu)
        .getAllByRole('menuitem')
        .filter((item) => item.hasAttribute('data-unread'));
      expect(entries).toHaveLength(5);
      expect(entries.filter((item) => item.dataset.unread === 'true')).toHaveLength(3);
      expect(within(entries[0] as HTMLElement).getByText('Unread:')).toBeInTheDocument();
      expect(within(menu).getByRole('menuitem', { name: 'View all' })).toHaveAttribute(
        'href',
        '/notifications',
      );
    },
    SLOW,
  );

  it(
    'is named plainly with nothing unread, and says so when there is nothing at all',
    async () => {
      serveTop(() => ({ data: [], unread: 0 }));
      renderAt();
      expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
      const { menu } = await openMenu();
      expect(await within(menu).findByText('No notifications yet')).toBeInTheDocument();
      expect(within(menu).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    },
    SLOW,
  );

  it(
    'shows a spinner in the menu while the newest load',
    async () => {
      server.use(
        http.get('*/api/top-notifications', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      );
      renderAt();
      const { menu } = await openMenu();
      expect(within(menu).getByLabelText('Loading notifications')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows the spec's message when the newest cannot be loaded",
    async () => {
      server.use(
        http.get('*/api/top-notifications', () => new HttpResponse(null, { status: 500 })),
      );
      renderAt();
      const { menu } = await openMenu();
      expect(
        await within(menu).findByText('Failed to fetch top 5 notifications'),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'marks all as read and the badge goes',
    async () => {
      let unread = 2;
      serveTop(() => ({
        data: [notification(1, { read: unread === 0 }), notification(2, { read: unread === 0 })],
        unread,
      }));
      const bodies = serveReadAll(() => {
        unread = 0;
      });
      renderAt();
      await screen.findByRole('button', { name: 'Notifications, 2 unread' });
      const { user, menu } = await openMenu();
      await user.click(within(menu).getByRole('button', { name: 'Mark all as read' }));
      expect(
        await screen.findByRole('button', { name: 'Notifications', hidden: true }),
      ).toBeInTheDocument();
      expect(bodies).toEqual([{ userId: studentUser.id }]);
    },
    SLOW,
  );

  it(
    'opens an item at its link and marks it read',
    async () => {
      let read = false;
      serveTop(() => ({
        data: [notification(1, { read, link: '/notifications', message: 'Marks are published' })],
        unread: read ? 0 : 1,
      }));
      const marked = serveMarkRead(() => {
        read = true;
      });
      renderAt('/settings');
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      const { user, menu } = await openMenu();
      const item = within(menu).getByRole('menuitem', { name: /Marks are published/ });
      expect(item).toHaveAttribute('href', '/notifications');
      await user.click(item);
      await waitFor(() => expect(window.location.pathname).toBe('/notifications'));
      expect(marked).toEqual(['note-1']);
      expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'follows the event stream: an event with new counts reloads the newest',
    async () => {
      let unread = 1;
      const queries = serveTop(() => ({
        data: Array.from({ length: unread }, (_u, i) => notification(i + 1)),
        unread,
      }));
      renderAt();
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      await waitFor(() => expect(stream.handlers).toHaveLength(1));
      const handlers = stream.handlers[0] as EventStreamHandlers;
      act(() => handlers.onOpen?.());
      // The counts the bell already shows read nothing again.
      act(() => handlers.onEvent({ event: 'notifications', data: '{"unread":1,"total":1}' }));
      const before = queries.length;
      unread = 4;
      act(() => handlers.onEvent({ event: 'notifications', data: '{"unread":4,"total":4}' }));
      expect(
        await screen.findByRole('button', { name: 'Notifications, 4 unread' }),
      ).toBeInTheDocument();
      expect(queries.length).toBe(before + 1);
    },
    SLOW,
  );

  it(
    'polls every minute when the stream fails',
    async () => {
      let unread = 1;
      serveTop(() => ({ data: [notification(1)], unread }));
      renderAt();
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      await waitFor(() => expect(stream.handlers).toHaveLength(1));
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        act(() => stream.handlers[0]?.onFail(new Error('404')));
        unread = 2;
        await act(async () => {
          await vi.advanceTimersByTimeAsync(61_000);
        });
        expect(
          await screen.findByRole('button', { name: 'Notifications, 2 unread' }),
        ).toBeInTheDocument();
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW,
  );

  it('closes the stream while paused (a test running on the exam page) and opens it after', () => {
    const onCounts = vi.fn();
    const { result, rerender, unmount } = renderHook(
      ({ paused }: { paused: boolean }) =>
        useNotificationStream({ userId: studentUser.id, paused, onCounts }),
      { initialProps: { paused: false } },
    );
    expect(result.current).toBe('connecting');
    expect(stream.handlers).toHaveLength(1);
    act(() => stream.handlers[0]?.onOpen?.());
    expect(result.current).toBe('open');
    rerender({ paused: true });
    expect(result.current).toBe('off');
    expect(stream.closed).toBe(1);
    rerender({ paused: false });
    expect(stream.handlers).toHaveLength(2);
    act(() =>
      stream.handlers[1]?.onEvent({ event: 'notifications', data: '{"unread":2,"total":5}' }),
    );
    act(() => stream.handlers[1]?.onEvent({ event: 'notifications', data: 'not json' }));
    expect(onCounts).toHaveBeenCalledTimes(1);
    expect(onCounts).toHaveBeenCalledWith({ unread: 2, total: 5 });
    act(() => stream.handlers[1]?.onFail(new Error('404')));
    expect(result.current).toBe('failed');
    unmount();
    expect(stream.closed).toBe(2);
  });
});
