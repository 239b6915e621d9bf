import type { Caller, UserCaller } from '../../access/caller';
import { iso, sqlRows, toBool, type Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';

/** The spec's top notifications: the newest 5 (§9). */
export const TOP_COUNT = 5;

/**
 * The caller whose notifications a call reads or marks: the signed-in user (§5: "User information
 * is missing" otherwise). The spec's `userId` is checked against the session, never trusted: a
 * different id is refused, whatever the caller's role.
 */
export const ownUser = (caller: Caller, userId: unknown): UserCaller => {
  if (caller.kind !== 'user') {
    throw new HttpError(401, 'User information is missing');
  }
  if (
    userId !== undefined &&
    userId !== null &&
    userId !== '' &&
    String(userId) !== String(caller.userId)
  ) {
    throw new HttpError(403, 'You can only read your own notifications.');
  }
  return caller;
};

export interface NotificationRow {
  id: number;
  documentId: string;
  message: string;
  kind: string;
  link: string | null;
  about_type: string | null;
  about_id: string | null;
  read: boolean;
  createdAt: string | null;
}

interface RawRow {
  id: number | string;
  document_id: string;
  message: string;
  kind: string | null;
  link: string | null;
  about_type: string | null;
  about_id: string | null;
  read: unknown;
  created_at: unknown;
}

const rowOf = (row: RawRow): NotificationRow => ({
  id: Number(row.id),
  documentId: row.document_id,
  message: row.message,
  kind: row.kind ?? 'message',
  link: row.link,
  about_type: row.about_type,
  about_id: row.about_id,
  read: toBool(row.read),
  createdAt: iso(row.created_at),
});

/** read is NULL on rows written before the column had its default: unread. */
const UNREAD = '(n.read IS NULL OR n.read = ?)';

/** Total and unread of a user: one pass over their links (index lnk(user_id, notification_id)). */
export const countsOf = async (
  db: Db,
  userId: number,
): Promise<{ total: number; unread: number }> => {
  const [row] = await sqlRows<{ total: number | string; unread: number | string | null }>(
    db,
    `SELECT COUNT(*) AS total, SUM(CASE WHEN ${UNREAD} THEN 1 ELSE 0 END) AS unread
       FROM notifications_to_user_lnk l JOIN notifications n ON n.id = l.notification_id
      WHERE l.user_id = ?`,
    [false, userId],
  );
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
};

/**
 * GET /api/top-notifications?userId=&unread=true → { data: newest 5, meta: { total, unread } }.
 * Newest first by id (ids grow with time), which the link index serves without a sort.
 */
export const topNotifications = async (
  db: Db,
  caller: Caller,
  query: Record<string, unknown>,
): Promise<{ data: NotificationRow[]; meta: { total: number; unread: number } }> => {
  const user = ownUser(caller, query.userId);
  const unreadOnly = query.unread === 'true' || query.unread === true || query.unread === '1';
  const rows = await sqlRows<RawRow>(
    db,
    `SELECT n.id, n.document_id, n.message, n.kind, n.link, n.about_type, n.about_id, n.read, n.created_at
       FROM notifications_to_user_lnk l JOIN notifications n ON n.id = l.notification_id
      WHERE l.user_id = ?${unreadOnly ? ` AND ${UNREAD}` : ''}
      ORDER BY l.notification_id DESC LIMIT ${TOP_COUNT}`,
    unreadOnly ? [user.userId, false] : [user.userId],
  );
  return { data: rows.map(rowOf), meta: await countsOf(db, user.userId) };
};

/** PUT /api/read-all-notifications { userId } → { data: { updated } }: the caller's own only. */
export const readAll = async (
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<{ updated: number }> => {
  const user = ownUser(caller, body.userId);
  const updated = await db('notifications')
    .whereIn(
      'id',
      db('notifications_to_user_lnk').where({ user_id: user.userId }).select('notification_id'),
    )
    .where((q) => q.whereNull('read').orWhere('read', false))
    .update({ read: true, updated_at: new Date() });
  return { updated: Number(updated) };
};
