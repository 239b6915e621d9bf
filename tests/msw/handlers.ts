import { http, HttpResponse, type HttpHandler } from 'msw';

const emptyList = () =>
  HttpResponse.json({
    data: [],
    meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } },
  });

// Default handlers shared by every SPA test: the lists a screen loads on its own when a test
// only cares about the shell (routes, menus) answer empty. Tests add their own with server.use(...).
export const handlers: HttpHandler[] = [
  // The institute's settings (issue 24): the portal's own until a test says otherwise.
  http.get('*/api/institute', () =>
    HttpResponse.json({
      data: {
        name: 'Learning Portal',
        primaryColour: null,
        // The machine's own zone, so dates show as the browser shows them (issue 24: the display
        // zone is the person's, else this); tests of the zone serve their own.
        defaultTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        idleMinutes: 15,
        registrationOpen: true,
        supportContact: '',
        logo: null,
        favicon: null,
      },
    }),
  ),
  // The signed-in person's own profile (Settings, issue 24).
  http.get('*/api/profile', () =>
    HttpResponse.json({
      data: {
        name: 'Demo Person',
        email: 'person@demo.test',
        mobile: null,
        role: 'administrator',
        hasMobile: false,
        avatarUrl: null,
      },
    }),
  ),
  http.get('*/api/courses', emptyList),
  http.get('*/api/test-categories', emptyList),
  // The learner's Mains work (the test corner's Mains tests section).
  http.get('*/api/mains/my-work', emptyList),
  // The batches screen's list (people, issue 9).
  http.get('*/api/batches-custom/paginated', emptyList),
  // A test's accommodations (issue 23) on the staff test page, and the learner's own terms of
  // one test on the start page: none.
  http.get('*/api/tests/:documentId/accommodations', () => HttpResponse.json({ data: [] })),
  http.get('*/api/test/prelims/my-tests', emptyList),
  // The top bar's bell (notifications, issue 20): nothing to show, and no event stream, so the
  // bell falls back to polling (which no test waits a minute for).
  http.get('*/api/top-notifications', () =>
    HttpResponse.json({ data: [], meta: { total: 0, unread: 0 } }),
  ),
  http.get('*/api/notifications/stream', () => new HttpResponse(null, { status: 404 })),
  http.get('*/api/notifications', () =>
    HttpResponse.json({
      data: [],
      meta: { pagination: { page: 1, pageSize: 20, pageCount: 0, total: 0 } },
    }),
  ),
  // Live classes (issue 21): the learner's upcoming classes on their course pages, and Zoom
  // configured.
  http.get('*/api/live-classes/upcoming', () => HttpResponse.json({ data: [] })),
  http.get('*/api/live-classes/config', () =>
    HttpResponse.json({ data: { zoomConfigured: true } }),
  ),
  http.get('*/api/notification-preferences', () => HttpResponse.json({ data: { kinds: [] } })),
  // The integrity log on a staff review (issue 23): nothing recorded unless a test says so.
  http.get('*/api/reports/results/:resultId/events', () =>
    HttpResponse.json({ data: [], meta: { total: 0, stored: 0, firstIp: null } }),
  ),
  // A script's annotations (issue 27): none unless a test says so.
  http.get('*/api/mains/evaluations/:evaluationId/annotations', ({ params }) =>
    HttpResponse.json({
      data: {
        evaluationId: params.evaluationId,
        completed: false,
        limits: { itemsPerPage: 500, pointsPerStroke: 2000, textLength: 1000 },
        pages: [],
      },
    }),
  ),
];
