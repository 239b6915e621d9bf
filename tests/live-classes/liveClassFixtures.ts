import { http, HttpResponse } from 'msw';
import type { LiveClass, UpcomingClass } from '../../src/features/live-classes/liveClassesTypes';
import { server } from '../msw/server';

const MINUTE = 60_000;

export function liveClass(n: number, overrides: Partial<LiveClass> = {}): LiveClass {
  return {
    id: n,
    documentId: `class-${n}`,
    name: `Class ${n}`,
    date: new Date(Date.UTC(2030, 0, n, 10, 0)).toISOString(),
    duration_minutes: 60,
    provider: 'zoom',
    course: { documentId: 'course-1', course_name: 'Physics' },
    batches: [{ documentId: 'batch-1', Batch: 'Morning' }],
    is_public: false,
    cancelled: false,
    recording_url: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    meeting_number: '123456789',
    passcode: 'abc',
    join_url: null,
    ...overrides,
  };
}

/** A learner's upcoming class starting `inMinutes` from the (possibly fake) clock. */
export function upcoming(
  n: number,
  inMinutes: number,
  overrides: Partial<UpcomingClass> = {},
): UpcomingClass {
  const start = Date.now() + inMinutes * MINUTE;
  return {
    documentId: `class-${n}`,
    name: `Class ${n}`,
    date: new Date(start).toISOString(),
    duration_minutes: 60,
    endsAt: new Date(start + 60 * MINUTE).toISOString(),
    joinOpensAt: new Date(start - 15 * MINUTE).toISOString(),
    canJoinNow: inMinutes <= 15,
    provider: 'zoom',
    cancelled: false,
    course: { documentId: 'course-1', course_name: 'Physics' },
    recording_url: null,
    ...overrides,
  };
}

export function strapiPage<T>(items: T[], page = 1, pageSize = 10, total = items.length) {
  return {
    data: items,
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
}

export function strapiError(status: number, message: string) {
  return HttpResponse.json({ data: null, error: { status, name: 'Error', message } }, { status });
}

/** GET /api/classes answering `rows()`, recording each query. */
export function serveClasses(rows: () => LiveClass[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/classes', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(strapiPage(rows()));
    }),
  );
  return queries;
}

export function serveUpcoming(items: () => UpcomingClass[]) {
  server.use(
    http.get('*/api/live-classes/upcoming', () => HttpResponse.json({ data: items() })),
    http.get('*/api/my-attendance', () => HttpResponse.json(strapiPage([], 1, 20))),
  );
}
