import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { HttpError } from '../../platform/http/errors';
import { classDocuments, courseOf, type LiveClass } from './classes';
import { canJoinAt, durationOf, joinWindow } from './window';

/**
 * GET /api/live-classes/upcoming[?course=<documentId>]: the caller's classes that have not ended
 * (cancelled ones too, flagged), soonest first, at most 50. The document service adds the
 * caller's read scope, so every role gets the classes it may see.
 */
export const UPCOMING_MAX = 50;
const LONGEST_MS = 600 * 60_000;

export interface UpcomingClass {
  documentId: string;
  name: string;
  date: string | null;
  duration_minutes: number;
  endsAt: string | null;
  joinOpensAt: string | null;
  canJoinNow: boolean;
  provider: 'zoom' | 'link';
  cancelled: boolean;
  course: { documentId: string; course_name: string } | null;
  recording_url: string | null;
}

export const upcomingOf = (live: LiveClass, now: Date): UpcomingClass => {
  const window = joinWindow(live);
  return {
    documentId: live.documentId,
    name: live.name,
    date: window ? window.startsAt.toISOString() : null,
    duration_minutes: durationOf(live),
    endsAt: window ? window.endsAt.toISOString() : null,
    joinOpensAt: window ? window.opensAt.toISOString() : null,
    canJoinNow: canJoinAt(live, now),
    provider: live.provider === 'zoom' ? 'zoom' : 'link',
    cancelled: live.cancelled === true,
    course: courseOf(live),
    recording_url: live.recording_url ?? null,
  };
};

export const upcomingClasses = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Record<string, unknown>,
): Promise<{ data: UpcomingClass[] }> => {
  if (caller.kind !== 'user') {
    throw new HttpError(403, 'Sign in to see live classes.');
  }
  const now = new Date();
  const course =
    typeof query.course === 'string' && query.course.trim() ? query.course.trim() : null;
  const rows = (await classDocuments(strapi).findMany({
    filters: {
      date: { $gt: new Date(now.getTime() - LONGEST_MS).toISOString() },
      ...(course ? { course: { documentId: { $eq: course } } } : {}),
    },
    sort: ['date:asc', 'id:asc'],
    limit: UPCOMING_MAX * 4,
    populate: { course: { fields: ['course_name'] } },
  })) as LiveClass[];
  const data = rows
    .map((live) => upcomingOf(live, now))
    .filter((live) => live.endsAt !== null && Date.parse(live.endsAt) > now.getTime())
    .slice(0, UPCOMING_MAX);
  return { data };
};
