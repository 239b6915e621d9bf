import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { hasPassed, markAnswer, round2 } from './marking';
import { type Db, insertLinks, systemColumns, toDate, toNumber } from './sql';

/** A save sent in the last moments still counts: saves are accepted until expires_at + grace. */
export const GRACE_MS = 5000;

export type ClosedBy = 'learner' | 'expiry';

const knexOf = (strapi: Core.Strapi): Db => strapi.db.connection as unknown as Db;

interface AnswerRow {
  id: number;
  selected_answer: string | null;
  question_type: string | null;
  correct_answer: string | null;
  points_correct_answer: unknown;
  points_incorrect_answer: unknown;
}

/** The result documentId of an attempt, if it has one. */
export const resultOfAttempt = async (db: Db, attemptId: number): Promise<string | null> => {
  const row = (await db('results_attempt_lnk as ra')
    .join('results as r', 'r.id', 'ra.result_id')
    .where('ra.attempt_id', attemptId)
    .orderBy('r.id', 'asc')
    .first('r.document_id')) as { document_id: string } | undefined;
  return row?.document_id ?? null;
};

/**
 * Closes an open attempt and marks it, in one transaction. The conditional UPDATE (end_date_time
 * still null) elects one winner: a concurrent or repeated close (a second submit, the sweep in
 * another process) changes nothing and gets the winner's result. `endAt` is the end time to
 * record (the expiry time for an attempt closed by the server). Returns the result documentId.
 */
export const closeAttempt = async (
  strapi: Core.Strapi,
  attemptId: number,
  by: ClosedBy,
  endAt: Date,
): Promise<string | null> => {
  const knex = knexOf(strapi) as Knex;
  const created = await knex.transaction(async (trx) => {
    const now = new Date();
    const won = await trx('attempts')
      .where({ id: attemptId })
      .whereNull('end_date_time')
      .update({ end_date_time: endAt, closed_by: by, updated_at: now });
    if (won !== 1) {
      return null;
    }
    const attempt = (await trx('attempts').where({ id: attemptId }).first('start_date_time')) as {
      start_date_time: unknown;
    };
    const test = (await trx('attempts_test_lnk as at')
      .join('tests as t', 't.id', 'at.test_id')
      .where('at.attempt_id', attemptId)
      .first('t.id', 't.maximum_marks', 't.pass_mark', 't.pass_mark_unit')) as
      | { id: number; maximum_marks: unknown; pass_mark: unknown; pass_mark_unit: string | null }
      | undefined;
    const student = (await trx('attempts_student_lnk')
      .where({ attempt_id: attemptId })
      .first('student_id')) as { student_id: number } | undefined;
    const answers = (await trx('answers_attempt_lnk as aa')
      .join('answers as a', 'a.id', 'aa.answer_id')
      .leftJoin('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
      .leftJoin('questions as q', 'q.id', 'aq.question_id')
      .where('aa.attempt_id', attemptId)
      .orderBy('q.id', 'asc')
      .orderBy('a.id', 'asc')
      .select(
        'a.id',
        'a.selected_answer',
        'q.question_type',
        'q.correct_answer',
        'q.points_correct_answer',
        'q.points_incorrect_answer',
      )) as AnswerRow[];

    let total = 0;
    const counts = { correct: 0, incorrect: 0, unanswered: 0 };
    const byPoints = new Map<string, number[]>();
    for (const row of answers) {
      const { outcome, points } = markAnswer(
        {
          question_type: row.question_type,
          correct_answer: row.correct_answer,
          points_correct_answer: toNumber(row.points_correct_answer),
          points_incorrect_answer: toNumber(row.points_incorrect_answer),
        },
        row.selected_answer,
      );
      if (outcome !== 'descriptive') {
        counts[outcome] += 1;
        total += points ?? 0;
      }
      const key = points === null ? 'null' : String(points);
      const ids = byPoints.get(key) ?? [];
      ids.push(row.id);
      byPoints.set(key, ids);
    }
    // One UPDATE per distinct points value (a handful), not one per answer.
    for (const [key, ids] of byPoints) {
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        await trx('answers')
          .whereIn('id', part)
          .update({ points: key === 'null' ? null : Number(key), updated_at: now });
        await trx('answers').whereIn('id', part).whereNull('end_date_time').update({
          end_date_time: endAt,
        });
      }
    }
    total = round2(total);
    const start = toDate(attempt.start_date_time);
    const seconds = start ? Math.max(0, Math.round((endAt.getTime() - start.getTime()) / 1000)) : 0;
    const passed = test
      ? hasPassed(
          total,
          toNumber(test.pass_mark),
          test.pass_mark_unit,
          toNumber(test.maximum_marks),
        )
      : null;
    const system = systemColumns(now);
    const inserted = (await trx('results')
      .insert({
        ...system,
        total_marks: total,
        passed,
        correct_count: counts.correct,
        incorrect_count: counts.incorrect,
        unanswered_count: counts.unanswered,
        time_taken_seconds: seconds,
        is_published: false,
      })
      .returning(['id'])) as Array<{ id: number | string }>;
    const resultId = Number(inserted[0].id);
    await trx('results_attempt_lnk').insert({ result_id: resultId, attempt_id: attemptId });
    if (test) {
      await trx('results_test_lnk').insert({ result_id: resultId, test_id: test.id });
    }
    if (student) {
      await trx('results_student_lnk').insert({
        result_id: resultId,
        student_id: student.student_id,
      });
    }
    await insertLinks(
      trx,
      'results_answers_lnk',
      answers.map((a, i) => ({ result_id: resultId, answer_id: a.id, answer_ord: i + 1 })),
    );
    return system.document_id as string;
  });
  if (created) {
    return created;
  }
  // Lost the race: the winner's transaction has committed (PostgreSQL waited on the row lock).
  for (let i = 0; i < 20; i += 1) {
    const existing = await resultOfAttempt(knexOf(strapi), attemptId);
    if (existing) {
      return existing;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
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

/** The cron task (config/server.ts): every 30 s, close abandoned attempts. */
export const sweepExpiredAttempts = async (strapi: Core.Strapi): Promise<void> => {
  try {
    const closed = await closeExpiredAttempts(strapi);
    if (closed > 0) {
      strapi.log.info(`Closed ${closed} expired attempt(s).`);
    }
  } catch (error) {
    strapi.log.error(`Closing expired attempts failed: ${String(error)}`);
  }
};
