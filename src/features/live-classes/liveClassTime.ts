// Time for live classes: a start shown in the viewer's own time zone (Intl), the countdown's
// words, whether Join is open by the client's clock, and the form's datetime-local text.
import { useEffect, useState } from 'react';
import { displayZone, formatDateTime, formatTime } from '../../lib/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time zone times are shown and typed in ("Asia/Kolkata"; issue 24: the display zone). */
export function viewerTimeZone(): string | null {
  return displayZone();
}

/** "2 Mar 2026, 10:30 IST": the start in the viewer's time zone, with the zone's name. */
export function startText(iso: string): string {
  return formatDateTime(iso, { zone: true });
}

/** "10:45": a time of the day in the viewer's time zone. */
export function timeText(iso: string): string {
  return formatTime(iso);
}

/** "2 d 3 h", "2 h 5 min", "5 min" (whole minutes, rounded down). */
export function spanText(ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

export type JoinWindow = 'cancelled' | 'not-yet' | 'open' | 'ended';

interface Timed {
  date: string;
  endsAt: string;
  joinOpensAt: string;
  canJoinNow: boolean;
  cancelled: boolean;
}

/** Where a class stands by the client's clock `now` (the server's canJoinNow when times are unreadable). */
export function joinWindow(item: Timed, now: number): JoinWindow {
  if (item.cancelled) return 'cancelled';
  const opens = Date.parse(item.joinOpensAt);
  const ends = Date.parse(item.endsAt);
  if (Number.isNaN(opens) || Number.isNaN(ends)) return item.canJoinNow ? 'open' : 'not-yet';
  if (now < opens) return 'not-yet';
  return now < ends ? 'open' : 'ended';
}

/** The countdown's words: "Starts in 2 h 5 min", "Live now · ends in 40 min", "Ended". */
export function countdownText(item: Timed, now: number): string {
  const start = Date.parse(item.date);
  const ends = Date.parse(item.endsAt);
  if (Number.isNaN(start)) return '';
  if (now < start) {
    const left = start - now;
    return left < MINUTE ? 'Starts in less than a minute' : `Starts in ${spanText(left)}`;
  }
  if (!Number.isNaN(ends) && now < ends) {
    const left = ends - now;
    return left < MINUTE
      ? 'Live now · ends in less than a minute'
      : `Live now · ends in ${spanText(left)}`;
  }
  return 'Ended';
}

/** The client's clock, read again every `everyMs` (30 s): countdowns and Join follow it. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The form's datetime-local text, in the display zone (issue 24): lib/dates' one way. */
export { fromLocalInput, toLocalInput } from '../../lib/dates';
