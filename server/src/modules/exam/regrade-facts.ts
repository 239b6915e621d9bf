/**
 * What a regrade (issue 23) reads of a test before it marks anything: its pass rule, how many
 * results its closed Prelims attempts have, and every question those attempts answered (today's
 * key and marks). Two small queries; the answers themselves stay in the database.
 */
import { sqlRows, toNumber, type Db } from '../../platform/db/sql';
import {
  markedQuestionOf,
  MARKING_COLUMNS_SQL,
  multipleRuleOf,
  type MarkedQuestion,
  type MultipleRule,
} from './marking';
import type { PassRule } from './regrade-sql';
import { negativeTotalOption, type NegativeTotal } from './test-options';

export interface QuestionFacts {
  id: number;
  documentId: string;
  text: string;
  marked: MarkedQuestion;
}

export interface RegradeFacts {
  testId: number;
  documentId: string;
  name: string;
  rule: PassRule;
  /** The test's negative_total option: a total below zero stands ('keep') or is 0 ('floor'). */
  negativeTotal: NegativeTotal;
  /** How a multiple-correct question is marked (issue 26). */
  multipleRule: MultipleRule;
  /** Results of the test's closed Prelims attempts (the ones a regrade may change). */
  results: number;
  questions: QuestionFacts[];
}

/** The closed Prelims attempts of the test that have a result (bound: the test id). */
const CLOSED_ATTEMPTS = `SELECT att.id FROM attempts_test_lnk tl
  JOIN attempts att ON att.id = tl.attempt_id
  JOIN results_attempt_lnk ra ON ra.attempt_id = att.id
  WHERE tl.test_id = ? AND att.end_date_time IS NOT NULL AND att.expires_at IS NOT NULL`;

/** The test's pass rule and how many results a regrade may change (no questions yet). */
export const regradeFacts = async (db: Db, testId: number): Promise<RegradeFacts> => {
  const [test] = await sqlRows<{
    document_id: string;
    test_name: string | null;
    maximum_marks: unknown;
    pass_mark: unknown;
    pass_mark_unit: string | null;
    negative_total: unknown;
    multiple_marking: unknown;
  }>(
    db,
    `SELECT document_id, test_name, maximum_marks, pass_mark, pass_mark_unit, negative_total,
        multiple_marking
      FROM tests WHERE id = ?`,
    [testId],
  );
  const [count] = await sqlRows<{ n: unknown }>(
    db,
    `SELECT COUNT(*) AS n FROM (${CLOSED_ATTEMPTS}) c`,
    [testId],
  );
  return {
    testId,
    documentId: test?.document_id ?? '',
    name: test?.test_name ?? '',
    rule: {
      passMark: toNumber(test?.pass_mark),
      unit: test?.pass_mark_unit ?? null,
      maximumMarks: toNumber(test?.maximum_marks),
    },
    negativeTotal: negativeTotalOption(test?.negative_total),
    multipleRule: multipleRuleOf(test?.multiple_marking),
    results: toNumber(count?.n) ?? 0,
    questions: [],
  };
};

/** Every question the answers table (createAnswers) holds, with today's key and marks. */
export const answeredQuestions = async (db: Db, answers: string): Promise<QuestionFacts[]> => {
  const questions = await sqlRows<Record<string, unknown> & { id: number; document_id: string }>(
    db,
    `SELECT q.id AS id, q.document_id AS document_id, q.question AS question, ${MARKING_COLUMNS_SQL}
      FROM questions q
      WHERE q.id IN (SELECT DISTINCT a.question_id FROM ${answers} a)
      ORDER BY q.id ASC`,
  );
  return questions.map((q) => ({
    id: Number(q.id),
    documentId: q.document_id,
    text: (q.question as string | null) ?? '',
    marked: markedQuestionOf(q),
  }));
};
