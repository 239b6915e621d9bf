import { http, HttpResponse, type HttpHandler } from 'msw';

const emptyList = () =>
  HttpResponse.json({
    data: [],
    meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } },
  });

// Default handlers shared by every SPA test: the lists a screen loads on its own when a test
// only cares about the shell (routes, menus) answer empty. Tests add their own with server.use(...).
export const handlers: HttpHandler[] = [
  http.get('*/api/courses', emptyList),
  http.get('*/api/test-categories', emptyList),
  // The learner's Mains work (the test corner's Mains tests section).
  http.get('*/api/mains/my-work', emptyList),
  // The batches screen's list (people, issue 9).
  http.get('*/api/batches-custom/paginated', emptyList),
];
