import type { Caller } from '../../access/caller';
import type { Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { MESSAGE_MAX } from './kinds';
import { notify } from './notify';

/**
 * POST /api/notifications { data: { message, to_user | student, link? } } (spec §7 "POST with
 * to_user"): an administrator's message to one person, through the one door (the recipient's
 * preferences hold). `to_user` and `student` are an id or a documentId; the link, when given, is
 * a path of this site. Answers how many notices were written (0 when the recipient turned
 * messages off).
 */
const LINK = /^\/(?![/\\])\S*$/;

const refColumn = (
  value: unknown,
): { column: 'id' | 'document_id'; value: string | number } | null => {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) {
    return { column: 'id', value };
  }
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    return { column: 'id', value: Number(value) };
  }
  if (typeof value === 'string' && /^[a-z0-9]{10,40}$/.test(value)) {
    return { column: 'document_id', value };
  }
  return null;
};

const recipientOf = async (db: Db, data: Record<string, unknown>): Promise<number | null> => {
  const user = refColumn(data.to_user);
  if (user) {
    const row = (await db('up_users').where(user.column, user.value).first('id')) as
      { id: number } | undefined;
    return row ? Number(row.id) : null;
  }
  const student = refColumn(data.student);
  if (student) {
    const row = (await db('students as s')
      .join('up_users_student_lnk as l', 'l.student_id', 's.id')
      .where(`s.${student.column}`, student.value)
      .first('l.user_id')) as { user_id: number } | undefined;
    return row ? Number(row.user_id) : null;
  }
  return null;
};

export const sendMessage = async (
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<{ notified: number }> => {
  if (caller.kind !== 'user' || caller.role !== 'administrator') {
    throw new HttpError(
      403,
      'Only administrators send messages; faculty use "Notify faculties" of a test.',
    );
  }
  const data = (body.data ?? {}) as Record<string, unknown>;
  const message = typeof data.message === 'string' ? data.message.trim() : '';
  if (!message) {
    throw new HttpError(400, 'Write a message.');
  }
  if (message.length > MESSAGE_MAX) {
    throw new HttpError(400, `A message is at most ${MESSAGE_MAX} characters.`);
  }
  const link = data.link === undefined || data.link === null || data.link === '' ? null : data.link;
  if (link !== null && (typeof link !== 'string' || link.length > 300 || !LINK.test(link))) {
    throw new HttpError(400, 'A notification link is a path of this site, such as /course.');
  }
  const userId = await recipientOf(db, data);
  if (!userId) {
    throw new HttpError(
      400,
      'Name the recipient: to_user (a user) or student (a learner with an account).',
    );
  }
  const notified = await notify(db, [userId], {
    kind: 'message',
    message,
    link: link as string | null,
  });
  return { notified };
};
