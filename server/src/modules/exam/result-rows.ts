// A result row as the learner's exam calls read it (submit, review).
import type { Knex } from 'knex';
import { iso, sqlRows, toBool, toNumber } from '../../platform/db/sql';
import type { Data } from './attempt-rows';

export interface ResultRow {
  id: number;
  document_id: string;
  total_marks: unknown;
  passed: unknown;
  correct_count: unknown;
  incorrect_count: unknown;
  unanswered_count: unknown;
  time_taken_seconds: unknown;
  created_at: unknown;
}

export const resultSummary = (r: ResultRow): Data => ({
  documentId: r.document_id,
  total_marks: toNumber(r.total_marks),
  passed: r.passed === null || r.passed === undefined ? null : toBool(r.passed),
  correct_count: toNumber(r.correct_count),
  incorrect_count: toNumber(r.incorrect_count),
  unanswered_count: toNumber(r.unanswered_count),
  time_taken_seconds: toNumber(r.time_taken_seconds),
  createdAt: iso(r.created_at),
});

export const loadResult = async (db: Knex, documentId: string): Promise<ResultRow | undefined> =>
  (
    await sqlRows<ResultRow>(
      db,
      `SELECT id, document_id, total_marks, passed, correct_count, incorrect_count,
        unanswered_count, time_taken_seconds, created_at
      FROM results WHERE document_id = ? LIMIT 1`,
      [documentId],
    )
  )[0];
