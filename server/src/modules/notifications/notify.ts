import { insertLinks, insertReturningIds, systemColumns, type Db } from '../../platform/db/sql';
import { kindInfo, messageText, type Kind } from './kinds';
import { choiceOf, preferencesOf } from './preferences';

/** What happened, said once for every recipient. */
export interface Notice {
  kind: Kind;
  /** Plain text naming the thing: "Mains marks for Essay Practice 1 are published." */
  message: string;
  /** Where the SPA goes from the notification (an SPA path), or none. */
  link?: string | null;
  /** A recipient's own link (user id → SPA path), e.g. to their result; else `link`. */
  links?: ReadonlyMap<number, string>;
  /** The record it is about: its type (e.g. "test") and documentId. */
  about?: { type: string; id: string } | null;
}

/**
 * The one door that writes notifications (issue 20): one row per recipient, inserted set-based
 * (multi-row INSERTs, no per-user requests) on `db`, which is the caller's transaction when the
 * event has one, so the notice and the event commit together. Each recipient's preferences
 * decide: in-app off and email off writes nothing; in-app off and email on writes the row already
 * read (the email sender finds it, the bell does not count it). Returns how many were written.
 */
export const notify = async (
  db: Db,
  userIds: readonly number[],
  notice: Notice,
): Promise<number> => {
  const info = kindInfo(notice.kind);
  const recipients = [...new Set(userIds.filter((id) => Number.isInteger(id) && id > 0))];
  if (!info || recipients.length === 0) {
    return 0;
  }
  const prefs = await preferencesOf(db, recipients);
  const now = new Date();
  const message = messageText(notice.message);
  const rows: Array<Record<string, unknown>> = [];
  const owners: number[] = [];
  for (const userId of recipients) {
    const choice = choiceOf(prefs.get(userId), info);
    if (!choice.inApp && !choice.email) {
      continue;
    }
    owners.push(userId);
    rows.push({
      ...systemColumns(now),
      message,
      kind: notice.kind,
      link: notice.links?.get(userId) ?? notice.link ?? null,
      about_type: notice.about?.type ?? null,
      about_id: notice.about?.id ?? null,
      read: !choice.inApp,
      email_pending: choice.email,
    });
  }
  const ids = await insertReturningIds(db, 'notifications', rows);
  // RETURNING gives the ids in no promised order: match them to their rows by documentId.
  const owner = new Map(rows.map((row, i) => [row.document_id as string, owners[i]]));
  await insertLinks(
    db,
    'notifications_to_user_lnk',
    ids.map(({ id, document_id }) => ({ notification_id: id, user_id: owner.get(document_id) })),
  );
  return ids.length;
};
