/**
 * When an attempt ends, by the server's clock: the facts the write rules (access/write-rules.ts)
 * and the exam and Mains modules share. A small rule file: no service, one read.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { toDate, toNumber } from '../../platform/db/sql';

/** A save sent in the last moments still counts: saves are accepted until expires_at + grace. */
export const GRACE_MS = 5000;

/** What the end of an attempt depends on. */
export interface DeadlineWork {
  kind: 'test' | 'assignment';
  closesAt: Date | null;
  durationMinutes: number | null;
}

/**
 * The end of an attempt: min(start + duration, close) — a test's ValidTo, an assignment's
 * submission date. An assignment without a duration (`assignment_duration`) ends at its
 * submission date, as before issue 23.
 */
export const deadlineOf = (work: DeadlineWork, start: Date | null): Date | null => {
  const byDuration =
    start && work.durationMinutes && work.durationMinutes > 0
      ? new Date(start.getTime() + work.durationMinutes * 60_000)
      : null;
  if (byDuration && work.closesAt) {
    return byDuration < work.closesAt ? byDuration : work.closesAt;
  }
  return byDuration ?? work.closesAt;
};

export const lateMessage = (
  work: Pick<DeadlineWork, 'kind'> & Partial<Pick<DeadlineWork, 'closesAt'>>,
  deadline: Date,
): string => {
  if (work.kind === 'test') {
    return `This test closed on ${deadline.toISOString()}.`;
  }
  // An assignment's own time (its duration) ran out before its submission date.
  return work.closesAt && deadline.getTime() < work.closesAt.getTime()
    ? `Your time for this assignment ended at ${deadline.toISOString()}.`
    : 'The submission date has passed.';
};

/** The Mains deadline of the attempt of an answer (null: not a Mains attempt; deadline null: none). */
export const mainsAnswerDeadline = async (
  strapi: Core.Strapi,
  answerDocumentId: string,
): Promise<{ deadline: Date | null; message: string } | null> => {
  const knex = strapi.db.connection as unknown as Knex;
  const row = (await knex('answers as a')
    .join('answers_attempt_lnk as aa', 'aa.answer_id', 'a.id')
    .join('attempts as t', 't.id', 'aa.attempt_id')
    .leftJoin('attempts_test_lnk as at', 'at.attempt_id', 't.id')
    .leftJoin('tests as test', 'test.id', 'at.test_id')
    .leftJoin('attempts_assignment_lnk as ag', 'ag.attempt_id', 't.id')
    .leftJoin('assignments as asg', 'asg.id', 'ag.assignment_id')
    .where('a.document_id', answerDocumentId)
    .whereNull('t.expires_at')
    .first(
      't.start_date_time',
      'at.test_id',
      'ag.assignment_id',
      'test.valid_to',
      'test.test_duration',
      'asg.assignment_submission_date',
      'asg.assignment_duration',
    )) as Record<string, unknown> | undefined;
  const kind = row?.test_id ? 'test' : row?.assignment_id ? 'assignment' : null;
  if (!row || !kind) {
    return null;
  }
  const work: DeadlineWork =
    kind === 'test'
      ? { kind, closesAt: toDate(row.valid_to), durationMinutes: toNumber(row.test_duration) }
      : {
          kind,
          closesAt: toDate(row.assignment_submission_date),
          durationMinutes: toNumber(row.assignment_duration),
        };
  const deadline = deadlineOf(work, toDate(row.start_date_time));
  return { deadline, message: deadline ? lateMessage(work, deadline) : '' };
};
