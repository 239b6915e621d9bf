// The shapes of the notifications area (issue 20; spec §3 Notification, §7 Notifications).

/** What a notification is about; the server writes it where the event happens. */
export type NotificationKind =
  | 'work-available'
  | 'work-opens-soon'
  | 'marks-published'
  | 'result-regraded'
  | 'live-class'
  | 'added-to-batch'
  | 'script-waiting'
  | 'test-assigned'
  | 'work-submitted'
  | 'import-finished'
  | 'evaluation-complete'
  | 'recheck-requested'
  | 'recheck-answered'
  | 'message';

export interface Notification {
  id: number;
  documentId: string;
  /** Plain text: shown as text, never as HTML. */
  message: string;
  /** A NotificationKind; a kind this SPA does not know yet is still shown. */
  kind: string;
  /** An SPA path ("/reports/scripts/abc"), or none. */
  link: string | null;
  read: boolean;
  createdAt: string;
  about_type: string | null;
  about_id: string | null;
}

/** GET /api/top-notifications: the newest 5 and the user's counts. */
export interface TopNotifications {
  data: Notification[];
  meta: NotificationCounts;
}

export interface NotificationCounts {
  total: number;
  unread: number;
}

export interface TopNotificationsArgs {
  userId: number;
  unread?: boolean;
}

export type NotificationFilter = 'all' | 'unread';

export interface NotificationsPageArgs {
  page: number;
  filter: NotificationFilter;
}

/** One kind's choices in Settings. */
export interface KindPreference {
  kind: string;
  label: string;
  inApp: boolean;
  email: boolean;
}

export interface NotificationPreferences {
  kinds: KindPreference[];
}

/** What PUT /api/notification-preferences takes. */
export type PreferenceChoice = Omit<KindPreference, 'label'>;
