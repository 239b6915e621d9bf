// What a learner may see of a test's questions (no key), built in ONE place: the start, the
// resume and the section moves all deliver these views (through test-payload.ts's cache), so a new
// question type adds its learner-facing fields here only.
import type { Knex } from 'knex';
import { sqlRows } from '../../platform/db/sql';

export type Data = Record<string, unknown>;

/** A question of a test: `id` is internal, `view` is what the learner gets (no key). */
export interface TestQuestion {
  id: number;
  view: Data & { documentId: string };
}

const QUESTIONS_SQL = `SELECT q.id AS id, q.document_id AS document_id, q.question AS question,
    q.option_a AS option_a, q.option_b AS option_b, q.option_c AS option_c, q.option_d AS option_d,
    q.question_type AS question_type, q.answer_unit AS answer_unit, sub.subject_name AS subject_name
  FROM questions_test_lnk qt
  JOIN questions q ON q.id = qt.question_id
  LEFT JOIN questions_subject_lnk qs ON qs.question_id = q.id
  LEFT JOIN subjects sub ON sub.id = qs.subject_id
  WHERE qt.test_id = ?
  ORDER BY q.id ASC`;

/** A question as the learner sees it (no key), from a row of QUESTIONS_SQL's columns. */
export const questionView = (r: Data): Data & { documentId: string } => ({
  documentId: String(r.document_id),
  question: r.question,
  option_a: r.option_a ?? null,
  option_b: r.option_b ?? null,
  option_c: r.option_c ?? null,
  option_d: r.option_d ?? null,
  question_type: r.question_type ?? null,
  // A numeric question's unit (issue 26), shown beside the number field; not a key.
  answer_unit: r.answer_unit ?? null,
  subject: r.subject_name ? { SubjectName: r.subject_name } : null,
});

/** The questions of a test for a learner, in id order, without the answer key. */
export const questionRows = async (db: Knex, testId: number): Promise<TestQuestion[]> => {
  const rows = await sqlRows<Data & { id: number; document_id: string }>(db, QUESTIONS_SQL, [
    testId,
  ]);
  // Object literals (not a copy with `id` deleted): V8 keeps them in fast mode, which
  // JSON.stringify reads several times faster (100 questions in every start's answer).
  return rows.map((r) => ({ id: Number(r.id), view: questionView(r) }));
};
