/**
 * What a regrade (issue 23) leaves behind besides the new marks: the audit entry (who, when, the
 * test, each changed question's previous and current key and marks, the previous totals) and the
 * learners' notices. The previous key is read back from the stored points: the choice that scored
 * highest before (none when no choice did better than the others).
 */
import { isUser, type Caller } from '../../access/caller';
import {
  insertLinks,
  insertReturningIds,
  sqlRows,
  systemColumns,
  toNumber,
  type Db,
} from '../../platform/db/sql';
import { notify } from '../notifications';
import type { RegradeFacts } from './regrade-facts';

/** Old totals kept in the audit entry. */
export const AUDIT_TOTALS_MAX = 10_000;

export interface ChangedResult {
  result_id: number;
  result_document_id: string;
  student_id: number | null;
  student_name: string | null;
  old_total: unknown;
  new_total: unknown;
  old_passed: unknown;
  new_passed: unknown;
}

export interface RegradeQuestion {
  documentId: string;
  question: string;
  key: string | null;
  points_correct_answer: number | null;
  points_incorrect_answer: number | null;
  answers_changed: number;
  attempts_affected: number;
  marks_change: number;
}

export interface RegradeSummary {
  test: { documentId: string; name: string };
  results: number;
  attempts_affected: number;
  results_changed: number;
  totals_changed: number;
  passed_changed: number;
  marks_change: number;
  questions: RegradeQuestion[];
  sample: Array<{
    result: string;
    learner: string;
    old_total: number | null;
    new_total: number | null;
    old_passed: boolean | null;
    new_passed: boolean | null;
  }>;
}

export type PreviousKeys = Map<number, { key: string | null; points: Record<string, number> }>;

/** The points each choice of a changed question scored before (the previous key: the best one). */
export const previousKeys = async (db: Db, table: string): Promise<PreviousKeys> => {
  const rows = await sqlRows<{ question_id: number; choice: string; points: unknown }>(
    db,
    `SELECT m.question_id AS question_id, m.choice AS choice, MAX(m.old_points) AS points
      FROM ${table} m
      WHERE m.choice <> '' AND m.question_id IN (
        SELECT m2.question_id FROM ${table} m2
        WHERE (m2.old_points IS NULL OR ABS(m2.old_points - m2.new_points) > 0.001))
      GROUP BY m.question_id, m.choice`,
  );
  const out: PreviousKeys = new Map();
  for (const row of rows) {
    const id = Number(row.question_id);
    const entry = out.get(id) ?? { key: null, points: {} };
    entry.points[row.choice.slice(0, 20)] = toNumber(row.points) ?? 0;
    out.set(id, entry);
  }
  for (const entry of out.values()) {
    const values = Object.entries(entry.points).sort((a, b) => b[1] - a[1]);
    const [best, next] = values;
    if (best && best[1] > 0 && (!next || next[1] < best[1])) {
      entry.key = best[0];
    }
  }
  return out;
};

export const writeAudit = async (
  trx: Db,
  caller: Caller,
  facts: RegradeFacts,
  summary: RegradeSummary,
  changed: ChangedResult[],
  previous: PreviousKeys,
): Promise<string> => {
  const userId = isUser(caller) ? caller.userId : null;
  const actor = userId
    ? ((await trx('up_users').where('id', userId).first('username', 'email')) as
        { username: string | null; email: string | null } | undefined)
    : undefined;
  const byDocument = new Map(facts.questions.map((q) => [q.documentId, q]));
  const details = {
    test: summary.test,
    counts: {
      results: summary.results,
      attempts_affected: summary.attempts_affected,
      results_changed: summary.results_changed,
      totals_changed: summary.totals_changed,
      passed_changed: summary.passed_changed,
      marks_change: summary.marks_change,
    },
    questions: summary.questions.map((q) => {
      const before = previous.get(byDocument.get(q.documentId)?.id ?? -1);
      return {
        documentId: q.documentId,
        previous: { key: before?.key ?? null, points_by_choice: before?.points ?? {} },
        current: {
          key: q.key,
          points_correct_answer: q.points_correct_answer,
          points_incorrect_answer: q.points_incorrect_answer,
        },
        answers_changed: q.answers_changed,
        attempts_affected: q.attempts_affected,
        marks_change: q.marks_change,
      };
    }),
    previous_totals: changed.slice(0, AUDIT_TOTALS_MAX).map((row) => ({
      result: row.result_document_id,
      old_total: toNumber(row.old_total),
      new_total: toNumber(row.new_total),
    })),
    previous_totals_truncated: changed.length > AUDIT_TOTALS_MAX,
  };
  const [entry] = await insertReturningIds(trx, 'audit_entries', [
    {
      ...systemColumns(new Date()),
      action: 'regrade',
      subject_type: 'test',
      subject_id: facts.documentId,
      actor_name: actor?.username ?? actor?.email ?? (userId ? null : 'system'),
      details: JSON.stringify(details),
    },
  ]);
  await insertLinks(trx, 'audit_entries_test_lnk', [
    { audit_entry_id: entry.id, test_id: facts.testId },
  ]);
  if (userId) {
    await insertLinks(trx, 'audit_entries_actor_lnk', [
      { audit_entry_id: entry.id, user_id: userId },
    ]);
  }
  return entry.document_id;
};

/**
 * Each learner whose result changed is told, linked to their (latest changed) result. Prelims
 * results are published to the learner when they are made (only unpublished Mains marks are
 * withheld, and Mains attempts are never regraded), so every changed result is a published one.
 */
export const notifyLearners = async (
  trx: Db,
  facts: RegradeFacts,
  changed: ChangedResult[],
): Promise<number> => {
  const resultOfStudent = new Map<number, string>();
  for (const row of changed) {
    if (row.student_id !== null)
      resultOfStudent.set(Number(row.student_id), row.result_document_id);
  }
  if (resultOfStudent.size === 0) {
    return 0;
  }
  const users = await sqlRows<{ user_id: number; student_id: number }>(
    trx,
    `SELECT us.user_id AS user_id, us.student_id AS student_id
      FROM up_users_student_lnk us
      JOIN up_users u ON u.id = us.user_id
      WHERE (u.blocked IS NULL OR u.blocked = ?) AND us.student_id IN (
        SELECT rs.student_id FROM results_student_lnk rs
        JOIN results_test_lnk rt ON rt.result_id = rs.result_id WHERE rt.test_id = ?)`,
    [false, facts.testId],
  );
  const links = new Map<number, string>();
  for (const row of users) {
    const result = resultOfStudent.get(Number(row.student_id));
    if (result) links.set(Number(row.user_id), `/testcorner/result/${encodeURIComponent(result)}`);
  }
  return notify(trx, [...links.keys()], {
    kind: 'result-regraded',
    message: `Your result in "${facts.name}" changed after a correction of the answer key or marks.`,
    links,
    about: { type: 'test', id: facts.documentId },
  });
};
