import type { Core } from '@strapi/strapi';
import { knexOf } from '../../platform/db/sql';

/**
 * Old notifications go (issue 20): rows older than NOTIFICATION_RETENTION_DAYS (default 180)
 * are deleted with their links, 5,000 at a time so one run never holds the database long.
 */
const CHUNK = 5_000;

export const retentionDays = (): number => {
  const value = Number(process.env.NOTIFICATION_RETENTION_DAYS);
  return Number.isInteger(value) && value > 0 ? value : 180;
};

export const pruneOldNotifications = async (
  strapi: Core.Strapi,
  now = new Date(),
): Promise<number> => {
  const db = knexOf(strapi);
  const before = new Date(now.getTime() - retentionDays() * 86_400_000);
  let removed = 0;
  for (;;) {
    const ids = (
      (await db('notifications')
        .where('created_at', '<', before)
        .limit(CHUNK)
        .pluck('id')) as Array<number | string>
    ).map(Number);
    if (ids.length === 0) {
      return removed;
    }
    await db.transaction(async (trx) => {
      await trx('notifications_to_user_lnk').whereIn('notification_id', ids).delete();
      await trx('notifications_student_lnk').whereIn('notification_id', ids).delete();
      await trx('notifications').whereIn('id', ids).delete();
    });
    removed += ids.length;
  }
};
