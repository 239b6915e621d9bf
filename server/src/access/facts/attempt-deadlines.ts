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

/** The end of an attempt: test → min(start + duration, ValidTo); assignment → submission date. */
export const deadlineOf = (work: DeadlineWork, start: Date | null): Date | null => {
  if (work.kind === 'assignment') {
    return work.closesAt;
  }
  const byDuration =
    start && work.durationMinutes && work.durationMinutes > 0
      ? new Date(start.getTime() + work.durationMinutes * 60_000)
      : null;
  if (byDuration && work.closesAt) {
    return byDuration < work.closesAt ? byDuration : work.closesAt;
  }
  return byDuration ?? work.closesAt;
};

export const lateMessage = (work: Pick<DeadlineWork, 'kind'>, deadline: Date): string =>
  work.kind === 'assignment'
    ? 'The submission date has passed.'
    : `This test closed on ${deadline.toISOString()}.`;

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
    )) as Record<string, unknown> | undefined;
  const kind = row?.test_id ? 'test' : row?.assignment_id ? 'assignment' : null;
  if (!row || !kind) {
    return null;
  }
  const work: DeadlineWork =
    kind === 'test'
      ? { kind, closesAt: toDate(row.valid_to), durationMinutes: toNumber(row.test_duration) }
      : { kind, closesAt: toDate(row.assignment_submission_date), durationMinutes: null };
  const deadline = deadlineOf(work, toDate(row.start_date_time));
  return { deadline, message: deadline ? lateMessage(work, deadline) : '' };
};
