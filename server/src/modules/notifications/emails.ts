import type { Core } from '@strapi/strapi';
import { knexOf } from '../../platform/db/sql';

/**
 * Emails of notifications whose recipient chose email for the kind (issue 20). The notice is
 * written with `email_pending`; this cron step (NOTIFICATION_EMAIL_RULE, every 10 s) claims up to
 * 100 pending rows by clearing the flag (so two processes never send one twice), then sends each
 * through the email plugin: the SMTP provider when configured, otherwise the outbox folder
 * (src/platform/email/email-outbox.ts). A failed send is logged and not retried: the notice is
 * still in the bell.
 */
const BATCH = 100;

interface PendingRow {
  id: number | string;
  message: string;
  link: string | null;
  email: string | null;
  blocked: unknown;
}

interface EmailService {
  send(message: Record<string, unknown>): Promise<unknown>;
}

const publicUrl = (strapi: Core.Strapi): string =>
  String(strapi.config.get('server.url', '') ?? '').replace(/\/+$/, '');

export const sendPendingEmails = async (strapi: Core.Strapi): Promise<number> => {
  const db = knexOf(strapi);
  const rows = (await db('notifications as n')
    .join('notifications_to_user_lnk as l', 'l.notification_id', 'n.id')
    .join('up_users as u', 'u.id', 'l.user_id')
    .where('n.email_pending', true)
    .orderBy('n.id')
    .limit(BATCH)
    .select('n.id', 'n.message', 'n.link', 'u.email', 'u.blocked')) as PendingRow[];
  if (rows.length === 0) {
    return 0;
  }
  const claimed = new Set<number>();
  for (const row of rows) {
    const changed = await db('notifications')
      .where({ id: row.id, email_pending: true })
      .update({ email_pending: false });
    if (Number(changed) > 0) {
      claimed.add(Number(row.id));
    }
  }
  const mail = strapi.plugin('email').service('email') as unknown as EmailService;
  const base = publicUrl(strapi);
  let sent = 0;
  for (const row of rows) {
    if (!claimed.has(Number(row.id)) || !row.email || row.blocked === true || row.blocked === 1) {
      continue;
    }
    const link = row.link ? `${base}${row.link}` : '';
    try {
      await mail.send({
        to: row.email,
        subject: `${process.env.PORTAL_NAME ?? 'Learning Portal'}: ${row.message.length > 70 ? `${row.message.slice(0, 69)}…` : row.message}`,
        text: `${row.message}\n\n${link ? `Open it: ${link}\n\n` : ''}You get this email because of your notification settings (Settings, Notifications).`,
      });
      sent += 1;
    } catch (error) {
      strapi.log.error(
        `Notification email ${String(row.id)} not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return sent;
};
