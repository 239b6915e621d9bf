// The bell's live count (issue 20): one server-sent event stream per signed-in tab
// (lib/eventStream.ts). Each `notifications` event carries the user's counts; the caller reloads
// what changed. The stream is closed on unmount, at sign-out (the layout unmounts), when the tab
// is closed, and while a test is running on the exam page (`paused`), so the exam's path carries
// no extra connection. A stream that fails reports 'failed' and the caller polls instead.
import { useEffect, useRef, useState } from 'react';
import { openEventStream } from '../../lib/eventStream';
import { notificationsUrls } from './notificationsUrls';
import type { NotificationCounts } from './notificationTypes';

export type StreamStatus = 'off' | 'connecting' | 'open' | 'failed';

interface StreamOptions {
  /** The signed-in user; none: no stream. */
  userId: number | null;
  /** A test is running on this page: no stream. */
  paused: boolean;
  /** Called with the counts of every `notifications` event. */
  onCounts: (counts: NotificationCounts) => void;
}

/** `{"unread": N, "total": M}`, or null for anything else. */
export function parseCounts(data: string): NotificationCounts | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const { unread, total } = value as Record<string, unknown>;
    if (typeof unread !== 'number' || typeof total !== 'number') return null;
    return { unread, total };
  } catch {
    return null;
  }
}

export function useNotificationStream({ userId, paused, onCounts }: StreamOptions): StreamStatus {
  const key = userId !== null && !paused ? String(userId) : null;
  const [seen, setSeen] = useState<{ key: string; status: 'open' | 'failed' } | null>(null);
  const latest = useRef(onCounts);
  useEffect(() => {
    latest.current = onCounts;
  });

  useEffect(() => {
    if (key === null) return undefined;
    return openEventStream(notificationsUrls.stream, {
      onOpen: () => setSeen({ key, status: 'open' }),
      onFail: () => setSeen({ key, status: 'failed' }),
      onEvent: ({ event, data }) => {
        if (event !== 'notifications') return;
        const counts = parseCounts(data);
        if (counts) latest.current(counts);
      },
    });
  }, [key]);

  if (key === null) return 'off';
  return seen?.key === key ? seen.status : 'connecting';
}
