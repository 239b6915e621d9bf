// Where notifications live on the server (issue 20; spec §7).
import { strapiQuery } from '../../lib/strapi';
import type { NotificationsPageArgs, TopNotificationsArgs } from './notificationTypes';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsUrls = {
  top: ({ userId, unread }: TopNotificationsArgs) =>
    `/top-notifications?${strapiQuery([
      ['userId', userId],
      ['unread', unread ? 'true' : undefined],
    ])}`,
  page: ({ page, filter }: NotificationsPageArgs) =>
    `/notifications?${strapiQuery([
      ['filters[read][$eq]', filter === 'unread' ? 'false' : undefined],
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', NOTIFICATIONS_PAGE_SIZE],
    ])}`,
  one: (documentId: string) => `/notifications/${encodeURIComponent(documentId)}`,
  readAll: '/read-all-notifications',
  preferences: '/notification-preferences',
  /** The server-sent event stream (lib/eventStream.ts). */
  stream: '/notifications/stream',
} as const;

/**
 * A notification's link as a route of this SPA, or null: only a path on this site ("/…", never
 * "//host" or "javascript:") is followed.
 */
export function safeLink(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) {
    return null;
  }
  return link;
}
