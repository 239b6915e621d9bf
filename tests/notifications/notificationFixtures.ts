import { http, HttpResponse } from 'msw';
import type { Notification } from '../../src/features/notifications/notificationTypes';
import { server } from '../msw/server';

export function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: n,
    documentId: `note-${n}`,
    message: `Notification ${n}`,
    kind: 'message',
    link: null,
    read: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0) - n * 60_000).toISOString(),
    about_type: null,
    about_id: null,
    ...overrides,
  };
}

export function strapiPage(items: Notification[], page = 1, pageSize = 20, total = items.length) {
  return {
    data: items,
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
}

/** GET /api/top-notifications answering `top()` (read at each call), recording each query. */
export function serveTop(top: () => { data: Notification[]; unread: number; total?: number }) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/top-notifications', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      const { data, unread, total } = top();
      return HttpResponse.json({ data, meta: { unread, total: total ?? data.length } });
    }),
  );
  return queries;
}

/** PUT /api/notifications/:documentId, recording which were marked read. */
export function serveMarkRead(onMark: (documentId: string) => void = () => undefined) {
  const marked: string[] = [];
  server.use(
    http.put('*/api/notifications/:documentId', async ({ params, request }) => {
      const documentId = String(params.documentId);
      const body = (await request.json()) as { data: { read: boolean } };
      if (body.data.read) marked.push(documentId);
      onMark(documentId);
      return HttpResponse.json({ data: notification(1, { documentId, read: true }) });
    }),
  );
  return marked;
}

/** PUT /api/read-all-notifications, recording the bodies. */
export function serveReadAll(onReadAll: () => void = () => undefined) {
  const bodies: unknown[] = [];
  server.use(
    http.put('*/api/read-all-notifications', async ({ request }) => {
      bodies.push(await request.json());
      onReadAll();
      return HttpResponse.json({ data: { updated: 3 } });
    }),
  );
  return bodies;
}
