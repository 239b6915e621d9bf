import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../src/lib/saveBlob';
import { server } from '../msw/server';
import { studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { serveUpcoming, upcoming } from './liveClassFixtures';

vi.mock('../../src/lib/saveBlob', () => ({ saveBlob: vi.fn(), BLOB_LINK_LIFETIME_MS: 40000 }));

const SLOW = 60000;

function openPage() {
  renderApp({ path: '/live-classes', user: studentUser, authorities: ['ROLE_STUDENT'] });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the learner's upcoming live classes", () => {
  it(
    'counts down every 30 s and opens Join 15 minutes before the start',
    async () => {
      // The clock and the 30 s tick are fake; other timers (msw, lazy screens) run for real.
      vi.useFakeTimers({
        shouldAdvanceTime: true,
        toFake: ['Date', 'setInterval', 'clearInterval'],
      });
      vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
      const classes = [upcoming(1, 125.5), upcoming(2, 20)];
      serveUpcoming(() => classes);
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      openPage();

      const first = await screen.findByRole('listitem', { name: 'Class 1' });
      expect(within(first).getByRole('timer')).toHaveTextContent('Starts in 2 h 5 min');
      const second = screen.getByRole('listitem', { name: 'Class 2' });
      expect(within(second).getByRole('button', { name: 'Join Class 2' })).toBeDisabled();
      expect(within(second).getByText(/^Join opens at/)).toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(6 * 60_000);
      });
      expect(within(first).getByRole('timer')).toHaveTextContent(
        /Starts in 1 h 59 min|Starts in 1 h 58 min/,
      );
      const join = within(second).getByRole('button', { name: 'Join Class 2' });
      expect(join).toBeEnabled();
      await userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }).click(join);
      expect(open).toHaveBeenCalledWith('/zoom/class-2', '_blank', 'noopener,noreferrer');
    },
    SLOW,
  );

  it(
    'shows a cancelled class without Join, and downloads the calendar file',
    async () => {
      serveUpcoming(() => [
        upcoming(1, 60, { cancelled: true, name: 'Cancelled talk' }),
        upcoming(2, 90, { name: 'Algebra live', recording_url: 'https://video.test/rec' }),
      ]);
      const asked: string[] = [];
      server.use(
        http.get('*/api/live-classes/:documentId/calendar', ({ params }) => {
          asked.push(String(params.documentId));
          return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
            headers: { 'Content-Type': 'text/calendar' },
          });
        }),
      );
      openPage();
      const cancelled = await screen.findByRole('listitem', { name: 'Cancelled talk' });
      expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
      expect(within(cancelled).queryByRole('button', { name: /^Join/ })).toBeNull();

      const algebra = screen.getByRole('listitem', { name: 'Algebra live' });
      expect(within(algebra).getByRole('link', { name: 'Recording' })).toHaveAttribute(
        'href',
        'https://video.test/rec',
      );
      await userEvent
        .setup({ delay: null })
        .click(within(algebra).getByRole('button', { name: 'Add to calendar: Algebra live' }));
      await waitFor(() => expect(saveBlob).toHaveBeenCalled());
      expect(asked).toEqual(['class-2']);
      expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('Algebra live.ics');
    },
    SLOW,
  );

  it(
    "joins a class held over another service through the server's link, in a new tab",
    async () => {
      serveUpcoming(() => [upcoming(3, 5, { provider: 'link', name: 'Guest talk' })]);
      server.use(
        http.post('*/api/live-classes/:documentId/join', () =>
          HttpResponse.json({ data: { url: 'https://meet.test/abc' } }),
        ),
      );
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      openPage();
      const card = await screen.findByRole('listitem', { name: 'Guest talk' });
      await userEvent
        .setup({ delay: null })
        .click(within(card).getByRole('button', { name: 'Join Guest talk' }));
      await waitFor(() =>
        expect(open).toHaveBeenCalledWith('https://meet.test/abc', '_blank', 'noopener,noreferrer'),
      );
    },
    SLOW,
  );

  it(
    "shows the upcoming classes on the learner's course list",
    async () => {
      serveUpcoming(() => [upcoming(4, 30, { name: 'Optics live' })]);
      renderApp({ path: '/course', user: studentUser, authorities: ['ROLE_STUDENT'] });
      expect(await screen.findByRole('listitem', { name: 'Optics live' })).toBeInTheDocument();
    },
    SLOW,
  );
});
