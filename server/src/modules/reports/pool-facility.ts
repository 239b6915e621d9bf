// How pool questions performed (issue 26, "Organising"): a pool question's facility is the share of
// answers that earned full marks, over the answers of ended attempts to every test or assignment
// question copied from it (questions.source_pool_id). Right and wrong are decided by the exam's own
// marking (markAnswer), as the item analysis does; a blank answer counts as not right. Only the
// page of pool questions on screen is looked at: one grouped SQL query for them.
import { sqlRows, type Db } from '../../platform/db/sql';
import { kindOf, markAnswer, markedQuestionOf } from '../exam';

export interface PoolFacility {
  /** Answers counted (ended attempts only). */
  answers: number;
  correct: number;
  /** correct / answers, 3 decimals; null with no answers or for a descriptive question. */
  facility: number | null;
}

/** The facility of each named pool question (documentIds) that has copies with answers. */
export const poolFacility = async (
  db: Db,
  poolDocumentIds: readonly string[],
): Promise<Map<string, PoolFacility>> => {
  const out = new Map<string, PoolFacility>();
  if (poolDocumentIds.length === 0) return out;
  const marks = poolDocumentIds.map(() => '?').join(', ');
  const choice = "LOWER(TRIM(COALESCE(an.selected_answer, '')))";
  const rows = await sqlRows(
    db,
    `SELECT q.id, q.source_pool_id, q.question_type, q.correct_answer, q.points_correct_answer,
       q.points_incorrect_answer, q.answer_tolerance, q.answer_min, q.answer_max,
       ${choice} AS choice, COUNT(*) AS n
     FROM questions q
     JOIN answers_question_lnk aq ON aq.question_id = q.id
     JOIN answers an ON an.id = aq.answer_id
     JOIN answers_attempt_lnk aa ON aa.answer_id = an.id
     JOIN attempts t ON t.id = aa.attempt_id
     WHERE q.source_pool_id IN (${marks}) AND t.end_date_time IS NOT NULL
     GROUP BY q.id, q.source_pool_id, q.question_type, q.correct_answer, q.points_correct_answer,
       q.points_incorrect_answer, q.answer_tolerance, q.answer_min, q.answer_max, ${choice}`,
    [...poolDocumentIds],
  );
  for (const row of rows) {
    const marked = markedQuestionOf(row);
    if (kindOf(marked.question_type) === 'descriptive') continue;
    const pool = String(row.source_pool_id);
    const sum = out.get(pool) ?? { answers: 0, correct: 0, facility: null };
    const n = Number(row.n);
    sum.answers += n;
    if (markAnswer(marked, String(row.choice ?? '')).outcome === 'correct') sum.correct += n;
    out.set(pool, sum);
  }
  for (const sum of out.values()) {
    sum.facility = sum.answers > 0 ? Math.round((sum.correct / sum.answers) * 1000) / 1000 : null;
  }
  return out;
};
