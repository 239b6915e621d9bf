import { HttpError } from '../../platform/http/errors';

/**
 * The join window of a live class (issue 21): it opens 15 minutes before the start and closes at
 * the start plus the duration. The same rule for the signature, the link join and the SPA's
 * Join button (`canJoinNow` in the upcoming list).
 */
export const OPENS_BEFORE_MS = 15 * 60_000;
export const DEFAULT_DURATION = 60;

export const OPENS_MESSAGE = 'This class opens for joining 15 minutes before it starts.';
export const ENDED_MESSAGE = 'This class has ended.';
export const CANCELLED_MESSAGE = 'This class was cancelled.';

export interface ClassTimes {
  date: string | Date | null;
  duration_minutes?: number | null;
}

export interface JoinWindow {
  startsAt: Date;
  opensAt: Date;
  endsAt: Date;
}

export const durationOf = (live: ClassTimes): number =>
  typeof live.duration_minutes === 'number' && live.duration_minutes > 0
    ? live.duration_minutes
    : DEFAULT_DURATION;

/** The class's window, or null when it has no (valid) start. */
export const joinWindow = (live: ClassTimes): JoinWindow | null => {
  const startsAt = live.date ? new Date(live.date) : null;
  if (!startsAt || Number.isNaN(startsAt.getTime())) {
    return null;
  }
  return {
    startsAt,
    opensAt: new Date(startsAt.getTime() - OPENS_BEFORE_MS),
    endsAt: new Date(startsAt.getTime() + durationOf(live) * 60_000),
  };
};

export const canJoinAt = (
  live: ClassTimes & { cancelled?: boolean | null },
  now: Date,
): boolean => {
  const window = joinWindow(live);
  return (
    !live.cancelled &&
    window !== null &&
    window.opensAt.getTime() <= now.getTime() &&
    now.getTime() < window.endsAt.getTime()
  );
};

/** 409 when cancelled, 403 before the window opens or once it closed. */
export const assertJoinable = (
  live: ClassTimes & { cancelled?: boolean | null },
  now: Date,
): void => {
  if (live.cancelled) {
    throw new HttpError(409, CANCELLED_MESSAGE);
  }
  const window = joinWindow(live);
  if (!window || now.getTime() < window.opensAt.getTime()) {
    throw new HttpError(403, OPENS_MESSAGE);
  }
  if (now.getTime() >= window.endsAt.getTime()) {
    throw new HttpError(403, ENDED_MESSAGE);
  }
};
