import type { Core } from '@strapi/strapi';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { type Db, sqlRows, toDate, knexOf } from '../../platform/db/sql';
import { markAttempt } from './mark-attempt';
import { queueMarking } from './marking-queue';

export type ClosedBy = 'learner' | 'expiry';

/**
 * Ends an open attempt (the close of the submit split, mark-attempt.ts): one conditional UPDATE
 * (end_date_time still null) that elects one winner, true for it. It locks the attempt row until
 * its commit (PostgreSQL): a save takes a share lock on the same row in its own UPDATE
 * (saveAnswer), so it either committed before (and the marking reads it) or waits and then finds
 * the attempt ended (409). Every answer is marked by exactly its stored choice. `endAt` is the
 * end time to record (the expiry time for an attempt closed by the server).
 */
export const freezeAttempt = async (
  db: Db,
  attemptId: number,
  by: ClosedBy,
  endAt: Date,
): Promise<boolean> => {
  const won = await sqlRows(
    db,
    `UPDATE attempts SET end_date_time = ?, closed_by = ?, updated_at = ?
      WHERE id = ? AND end_date_time IS NULL RETURNING id`,
    [endAt, by, new Date(), attemptId],
  );
  return won.length === 1;
};

/**
 * Closes an attempt and marks it at once (the expiry paths: the sweep, a late save, a start or a
 * list finding an expired attempt). A concurrent or repeated close changes nothing and gets the
 * one result. Returns the result documentId.
 */
export const closeAttempt = async (
  strapi: Core.Strapi,
  attemptId: number,
  by: ClosedBy,
  endAt: Date,
): Promise<string | null> => {
  await freezeAttempt(knexOf(strapi), attemptId, by, endAt);
  return markAttempt(strapi, attemptId);
};

/**
 * Closes attempts left open past their expiry (plus `graceMs`), each at its expires_at, with the
 * answers saved so far. Restricted to `where` (e.g. one learner's attempts) when given. Safe with
 * several processes: closeAttempt's conditional update lets one of them win per attempt.
 */
export const closeExpiredAttempts = async (
  strapi: Core.Strapi,
  {
    graceMs = GRACE_MS,
    studentId,
    attemptIds,
  }: {
    graceMs?: number;
    studentId?: number;
    attemptIds?: number[];
  } = {},
): Promise<number> => {
  const knex = knexOf(strapi);
  const cutoff = new Date(Date.now() - graceMs);
  let query = knex('attempts as a')
    .whereNull('a.end_date_time')
    .whereNotNull('a.expires_at')
    .where('a.expires_at', '<', cutoff)
    .select('a.id', 'a.expires_at')
    .orderBy('a.id', 'asc')
    .limit(1000);
  if (studentId !== undefined) {
    query = query
      .join('attempts_student_lnk as s', 's.attempt_id', 'a.id')
      .where('s.student_id', studentId);
  }
  if (attemptIds) {
    if (attemptIds.length === 0) {
      return 0;
    }
    query = query.whereIn('a.id', attemptIds);
  }
  const rows = (await query) as Array<{ id: number; expires_at: unknown }>;
  let closed = 0;
  for (const row of rows) {
    const endAt = toDate(row.expires_at) ?? new Date();
    if (await closeAttempt(strapi, row.id, 'expiry', endAt)) {
      closed += 1;
    }
  }
  return closed;
};

/**
 * Closed test attempts without a result: a submit's marking lost with its process (a restart
 * mid-exam) or failed. Only those closed more than a minute ago (the submit's own queue comes
 * first) and within two days (older ones are not a submit in flight), 200 a round, oldest first.
 */
const UNMARKED_SQL = `SELECT a.id AS id FROM attempts a
  WHERE a.end_date_time IS NOT NULL AND a.expires_at IS NOT NULL
    AND a.end_date_time < ? AND a.end_date_time > ?
    AND NOT EXISTS (SELECT 1 FROM results_attempt_lnk ra WHERE ra.attempt_id = a.id)
  ORDER BY a.end_date_time ASC LIMIT 200`;

/** Marks the closed attempts left without a result (see UNMARKED_SQL); how many it marked. */
export const markUnmarkedAttempts = async (
  strapi: Core.Strapi,
  now = new Date(),
): Promise<number> => {
  const rows = await sqlRows<{ id: number }>(knexOf(strapi), UNMARKED_SQL, [
    new Date(now.getTime() - 60_000),
    new Date(now.getTime() - 2 * 86_400_000),
  ]);
  const marked = await Promise.all(rows.map((row) => queueMarking(strapi, Number(row.id))));
  return marked.filter((resultId) => resultId !== null).length;
};

/** The cron task (config/server.ts): every 30 s, close abandoned attempts, mark unmarked ones. */
export const sweepExpiredAttempts = async (strapi: Core.Strapi): Promise<void> => {
  try {
    const closed = await closeExpiredAttempts(strapi);
    if (closed > 0) {
      strapi.log.info(`Closed ${closed} expired attempt(s).`);
    }
    const marked = await markUnmarkedAttempts(strapi);
    if (marked > 0) {
      strapi.log.info(`Marked ${marked} closed attempt(s) left without a result.`);
    }
  } catch (error) {
    strapi.log.error(`Closing expired attempts failed: ${String(error)}`);
  }
};
