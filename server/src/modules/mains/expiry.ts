// Mains work whose time has run out is submitted by the server (issue 23: "an assignment's
// duration is applied like a test's: server clock, auto-submit of what was uploaded"). The exam's
// sweep (modules/exam/close.ts) closes multiple-choice attempts at their stored `expires_at`;
// Mains attempts store none (their deadline is worked out from the work: deadlineOf), so this
// sweep reads the open Mains attempts of work that has a deadline at all, and closes each whose
// deadline and the exam's grace have passed, through the same close as the learner's submit.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { mainsTestIds } from '../../access/facts/mains-tests';
import { knexOf, toDate } from '../../platform/db/sql';
import { forLearner } from './learner-terms';
import { closeWork } from './submit-work';
import { deadlineOf, loadWorks, type Kind } from './work';

/** At most this many open attempts are looked at per run (the oldest first). */
const BATCH = 1000;

interface OpenRow {
  id: number;
  start_date_time: unknown;
  test_id: number | null;
  assignment_id: number | null;
  student_id: number | null;
}

/** Open Mains attempts of work with a duration or an end, oldest first. */
const openAttempts = async (knex: Knex): Promise<OpenRow[]> =>
  (await knex('attempts as a')
    .join('attempts_student_lnk as s', 's.attempt_id', 'a.id')
    .leftJoin('attempts_test_lnk as tl', 'tl.attempt_id', 'a.id')
    .leftJoin('tests as t', 't.id', 'tl.test_id')
    .leftJoin('attempts_assignment_lnk as gl', 'gl.attempt_id', 'a.id')
    .leftJoin('assignments as g', 'g.id', 'gl.assignment_id')
    .whereNull('a.end_date_time')
    .whereNull('a.expires_at')
    .where((q) =>
      q
        .where((t) => t.where('t.test_duration', '>', 0).orWhereNotNull('t.valid_to'))
        .orWhere((g) =>
          g.where('g.assignment_duration', '>', 0).orWhereNotNull('g.assignment_submission_date'),
        ),
    )
    .orderBy('a.start_date_time', 'asc')
    .limit(BATCH)
    .select(
      'a.id',
      'a.start_date_time',
      'tl.test_id',
      'gl.assignment_id',
      's.student_id',
    )) as OpenRow[];

/** Closes the Mains attempts whose time is up; returns how many were closed. */
export const closeExpiredWork = async (
  strapi: Core.Strapi,
  graceMs: number = GRACE_MS,
): Promise<number> => {
  const knex = knexOf(strapi);
  const rows = await openAttempts(knex);
  if (rows.length === 0) return 0;
  // A multiple-choice attempt without an expiry (a test with no duration and no end when it
  // started) is not Mains work: only Mains tests' attempts are closed here.
  const mains = await mainsTestIds(knex, [
    ...new Set(rows.map((r) => r.test_id).filter((id): id is number => id !== null)),
  ]);
  const works = new Map<string, Awaited<ReturnType<typeof loadWorks>>[number]>();
  for (const kind of ['test', 'assignment'] as Kind[]) {
    const ids = rows
      .map((r) => (kind === 'test' ? r.test_id : r.assignment_id))
      .filter((id): id is number => id !== null && (kind === 'assignment' || mains.has(id)));
    for (const work of await loadWorks(strapi, kind, [...new Set(ids)])) {
      works.set(`${kind}:${work.id}`, work);
    }
  }
  const now = Date.now();
  let closed = 0;
  for (const row of rows) {
    const kind: Kind = row.test_id !== null ? 'test' : 'assignment';
    const work = works.get(`${kind}:${kind === 'test' ? row.test_id : row.assignment_id}`);
    const start = toDate(row.start_date_time);
    const base = work ? deadlineOf(work, start) : null;
    if (!work || !base || row.student_id === null) continue;
    if (now <= base.getTime() + graceMs) continue;
    // Past the test's own deadline: the learner's accommodation (extra time, a personal window)
    // may still give them time (read only now, for the few attempts past the common deadline).
    const studentId = Number(row.student_id);
    const [own] = await forLearner(knex, studentId, [work]);
    const deadline = deadlineOf(own, start);
    if (!deadline || now <= deadline.getTime() + graceMs) continue;
    const attempt = { kind, work: own, studentId, attemptId: Number(row.id) };
    await closeWork(knex, attempt, 'expiry', deadline);
    closed += 1;
  }
  return closed;
};

/** The cron task (config/server.ts), next to the exam's sweep. */
export const sweepExpiredWork = async (strapi: Core.Strapi): Promise<void> => {
  try {
    const closed = await closeExpiredWork(strapi);
    if (closed > 0) strapi.log.info(`Submitted ${closed} Mains attempt(s) whose time ran out.`);
  } catch (error) {
    strapi.log.error(`Closing expired Mains work failed: ${String(error)}`);
  }
};
