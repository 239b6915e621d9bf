// Notifications through the one API (store/api.ts; issue 20). Every list of notifications (the
// bell's top 5, the page) provides the `Notification` list tag; marking read and the stream's
// events invalidate it. The preferences are one record of their own, `{ Notification, PREFERENCES }`.
import { api } from '../../store/api';
import { recordTags, type Tag } from '../../store/tags';
import type { Pagination, StrapiList, StrapiOne } from '../../lib/strapi';
import { notificationsUrls } from './notificationsUrls';
import type {
  Notification,
  NotificationPreferences,
  NotificationsPageArgs,
  PreferenceChoice,
  TopNotifications,
  TopNotificationsArgs,
} from './notificationTypes';

const tags = recordTags('Notification');
const PREFERENCES: Tag = { type: 'Notification', id: 'PREFERENCES' };

/** What the bell and the page show when a load fails without a message of the server's. */
export const TOP_NOTIFICATIONS_FAILED = 'Failed to fetch top 5 notifications';
export const USER_INFO_MISSING = 'User information is missing';

export interface NotificationsPage {
  items: Notification[];
  pagination: Pagination | null;
}

export const notificationsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/top-notifications?userId=…: the newest 5 and the counts. */
    topNotifications: build.query<TopNotifications, TopNotificationsArgs>({
      query: notificationsUrls.top,
      providesTags: (result) => [
        ...tags.list,
        ...(result?.data ?? []).map((n) => ({ type: 'Notification' as const, id: n.documentId })),
      ],
    }),
    /** One page of the caller's notifications, newest first (all or unread only). */
    notificationsPage: build.query<NotificationsPage, NotificationsPageArgs>({
      query: notificationsUrls.page,
      transformResponse: (answer: StrapiList<Notification>) => ({
        items: answer.data,
        pagination: answer.meta.pagination ?? null,
      }),
      providesTags: (result) => [
        ...tags.list,
        ...(result?.items ?? []).map((n) => ({ type: 'Notification' as const, id: n.documentId })),
      ],
    }),
    /** PUT /api/notifications/:documentId { data: { read: true } }. */
    markRead: build.mutation<Notification, string>({
      query: (documentId) => ({
        url: notificationsUrls.one(documentId),
        method: 'PUT',
        body: { data: { read: true } },
      }),
      transformResponse: (answer: StrapiOne<Notification>) => answer.data,
      invalidatesTags: tags.changed((documentId: string) => documentId),
    }),
    /** PUT /api/read-all-notifications { userId }: answers how many were marked. */
    readAll: build.mutation<number, number>({
      query: (userId) => ({ url: notificationsUrls.readAll, method: 'PUT', body: { userId } }),
      transformResponse: (answer: StrapiOne<{ updated: number }>) => answer.data.updated,
      invalidatesTags: tags.created(),
    }),
    /** The caller's choices per kind of their role. */
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => notificationsUrls.preferences,
      transformResponse: (answer: StrapiOne<NotificationPreferences>) => answer.data,
      providesTags: [PREFERENCES],
    }),
    /** Saves the choices; the answer (the same shape as the read) replaces the cached one. */
    saveNotificationPreferences: build.mutation<NotificationPreferences, PreferenceChoice[]>({
      query: (kinds) => ({
        url: notificationsUrls.preferences,
        method: 'PUT',
        body: { data: { kinds } },
      }),
      transformResponse: (answer: StrapiOne<NotificationPreferences>) => answer.data,
      async onQueryStarted(_kinds, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            notificationsEndpoints.util.upsertQueryData('notificationPreferences', undefined, data),
          );
        } catch {
          // The card shows the failure and keeps the user's edits.
        }
      },
    }),
  }),
});

export const {
  useTopNotificationsQuery,
  useNotificationsPageQuery,
  useMarkReadMutation,
  useReadAllMutation,
  useNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} = notificationsEndpoints;
