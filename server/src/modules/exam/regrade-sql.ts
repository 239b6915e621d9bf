/**
 * The set-based SQL of a regrade (issue 23), the same on SQLite and PostgreSQL.
 *
 * Why this shape: marking stays marking.ts's. Each objective question of the test is marked once
 * in JS by `markAnswer` for each distinct choice stored (issue 26: a choice per stored value, as
 * multiple-correct and numeric answers are more than "the key or not"); those values travel to the
 * database as a small temporary table (`k`), and every stored answer is re-marked by joining it (one UPDATE … FROM for the answers, one for the results), so
 * 50,000 results cost two statements, not 50,000 round trips. The answers are read once into a
 * temporary table of the transaction (the one pass over the link tables), marked into a second
 * one, and every count, the sample and both UPDATEs read that. A regrade never needs the previous
 * key: an answer whose stored points differ from what today's key gives is an affected one.
 *
 * Which attempts: every closed Prelims attempt of the test with a result (scored and practice
 * alike: both were marked by closeAttempt with the key of the day). Open attempts are marked at
 * their close with today's key; Mains attempts (no expiry) and Descriptive answers are marked by
 * an evaluation and are never touched.
 */
import { randomBytes } from 'node:crypto';
import { isPostgres, sqlRows, type Db } from '../../platform/db/sql';
import {
  hasPassed,
  isDescriptive,
  markAnswer,
  type MarkedQuestion,
  type MultipleRule,
} from './marking';
import type { NegativeTotal } from './test-options';

/**
 * The marks of one stored choice of one objective question, from markAnswer itself ('c' correct,
 * also a partly right multiple answer as closeAttempt counts it; 'i' incorrect; 'u' unanswered).
 */
export interface ChoiceMark {
  questionId: number;
  /** The choice as the answers table holds it (trimmed, lower case; '' when unanswered). */
  choice: string;
  points: number;
  outcome: 'c' | 'i' | 'u';
}

/**
 * The marks of every (question, choice) pair stored (issue 26: multiple-correct, true/false and
 * numeric answers are not "the key or not", so each distinct stored choice is marked in JS); none
 * for a Descriptive question.
 */
export const choiceMarksOf = (
  questions: ReadonlyArray<{ id: number; marked: MarkedQuestion }>,
  choices: ReadonlyArray<{ question_id: unknown; choice: unknown }>,
  rule: MultipleRule,
): ChoiceMark[] => {
  const byId = new Map(questions.map((q) => [q.id, q.marked]));
  const out: ChoiceMark[] = [];
  for (const row of choices) {
    const questionId = Number(row.question_id);
    const question = byId.get(questionId);
    if (!question || isDescriptive(question)) {
      continue;
    }
    const choice = String(row.choice ?? '');
    const { outcome, points } = markAnswer(question, choice, rule);
    out.push({
      questionId,
      choice,
      points: points ?? 0,
      outcome: outcome === 'unanswered' ? 'u' : outcome === 'incorrect' ? 'i' : 'c',
    });
  }
  return out;
};

/** The distinct (question, choice) pairs of the answers table. */
export const distinctChoices = (
  db: Db,
  answers: string,
): Promise<Array<{ question_id: unknown; choice: unknown }>> =>
  sqlRows(db, `SELECT DISTINCT question_id, choice FROM ${answers}`);

export interface Fragment {
  sql: string;
  params: unknown[];
}

/** Rows of the choice-marks table per INSERT (4 bound values each: well under both limits). */
const CHOICE_CHUNK = 200;

/**
 * Every answer of the test's closed Prelims attempts with a result: its result, question, choice
 * (as markAnswer compares it) and stored points. One bound parameter: the test id.
 */
const ANSWERS_SQL = `SELECT ans.id AS answer_id, ra.result_id AS result_id,
    aq.question_id AS question_id,
    LOWER(TRIM(COALESCE(ans.selected_answer, ''))) AS choice, ans.points AS old_points
  FROM attempts_test_lnk tl
  JOIN attempts att ON att.id = tl.attempt_id
  JOIN results_attempt_lnk ra ON ra.attempt_id = att.id
  JOIN answers_attempt_lnk aa ON aa.attempt_id = att.id
  JOIN answers ans ON ans.id = aa.answer_id
  JOIN answers_question_lnk aq ON aq.answer_id = ans.id
  WHERE tl.test_id = ? AND att.end_date_time IS NOT NULL AND att.expires_at IS NOT NULL`;

/**
 * The objective answers (those of a question in the choice-marks table `k`) with the points and outcome ('c', 'i', 'u')
 * that today's key gives, beside the stored ones.
 */
const marksFrom = (answers: string, choices: string): string => `SELECT a.answer_id AS answer_id,
    a.result_id AS result_id, a.question_id AS question_id, a.choice AS choice,
    a.old_points AS old_points,
    k.pts AS new_points, k.outcome AS outcome
  FROM ${answers} a
  JOIN ${choices} k ON k.question_id = a.question_id AND k.choice = a.choice`;

const tempTable = (db: Db, prefix: string): { name: string; create: string } => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  return {
    name,
    create: isPostgres(db)
      ? `CREATE TEMP TABLE ${name} ON COMMIT DROP AS`
      : `CREATE TEMP TABLE ${name} AS`,
  };
};

/**
 * The test's answers, read once (the one pass over the answers' link tables), in a temporary
 * table of the transaction. Answers its name; drop it with dropTable (PostgreSQL drops it at the
 * commit too).
 */
export const createAnswers = async (db: Db, testId: number): Promise<string> => {
  const { name, create } = tempTable(db, 'regrade_answers');
  await sqlRows(db, `${create} ${ANSWERS_SQL}`, [testId]);
  return name;
};

/** The marks table (aliased m by its readers), from the answers table and the keys; by answer. */
export const createMarks = async (
  db: Db,
  answers: string,
  marks: readonly ChoiceMark[],
): Promise<string> => {
  const choices = `regrade_choices_${randomBytes(6).toString('hex')}`;
  await sqlRows(
    db,
    `CREATE TEMP TABLE ${choices} (question_id INTEGER, choice TEXT, pts NUMERIC, outcome TEXT)${
      isPostgres(db) ? ' ON COMMIT DROP' : ''
    }`,
  );
  try {
    for (let i = 0; i < marks.length; i += CHOICE_CHUNK) {
      const part = marks.slice(i, i + CHOICE_CHUNK);
      await sqlRows(
        db,
        `INSERT INTO ${choices} (question_id, choice, pts, outcome) VALUES ${part
          .map(() => '(?, ?, ?, ?)')
          .join(', ')}`,
        part.flatMap((m) => [m.questionId, m.choice, m.points, m.outcome]),
      );
    }
    const { name, create } = tempTable(db, 'regrade_marks');
    await sqlRows(db, `${create} ${marksFrom(answers, choices)}`);
    await sqlRows(db, `CREATE INDEX ${name}_answer ON ${name} (answer_id)`);
    return name;
  } finally {
    await dropTable(db, choices);
  }
};

/** SQLite: drops it now. PostgreSQL: the commit or the rollback does (after an error in the
 * transaction no statement would run). */
export const dropTable = async (db: Db, table: string): Promise<void> => {
  if (!isPostgres(db)) {
    await sqlRows(db, `DROP TABLE IF EXISTS ${table}`);
  }
};

/** An answer (of the marks table, aliased m) whose stored points are not what today's key gives. */
export const ANSWER_CHANGED = `(m.old_points IS NULL OR ABS(m.old_points - m.new_points) > 0.001)`;

/** Each result's new total and counts, from the marks table (aliased m). */
export const totalsFrom = (table: string, negativeTotal: NegativeTotal): string => `SELECT
    m.result_id AS result_id,
    ${
      // As finalTotal (marking.ts): under 'floor' a total below zero is 0.
      negativeTotal === 'floor'
        ? 'CASE WHEN SUM(m.new_points) < 0 THEN 0 ELSE ROUND(SUM(m.new_points), 2) END'
        : 'ROUND(SUM(m.new_points), 2)'
    } AS total,
    SUM(CASE WHEN m.outcome = 'c' THEN 1 ELSE 0 END) AS c,
    SUM(CASE WHEN m.outcome = 'i' THEN 1 ELSE 0 END) AS i,
    SUM(CASE WHEN m.outcome = 'u' THEN 1 ELSE 0 END) AS u
  FROM ${table} m
  GROUP BY m.result_id`;

export interface PassRule {
  passMark: number | null;
  unit: string | null;
  maximumMarks: number | null;
}

/**
 * The new `passed` of a total (SQL `totalSql`) as hasPassed says it: NULL when the test has no
 * pass rule, else a comparison (a boolean on PostgreSQL, 1/0 on SQLite, as Strapi stores it).
 */
export const passedExpr = (rule: PassRule, totalSql: string): Fragment => {
  // hasPassed(0, …) is null exactly when the rule gives no verdict (no pass mark, or a percent
  // rule without maximum marks).
  if (hasPassed(0, rule.passMark, rule.unit, rule.maximumMarks) === null) {
    return { sql: 'NULL', params: [] };
  }
  const threshold = (rule.passMark ?? 0) - 1e-9;
  if (rule.unit === 'percent') {
    return {
      sql: `(CAST(${totalSql} AS DOUBLE PRECISION) / ? * 100 >= ?)`,
      params: [rule.maximumMarks, threshold],
    };
  }
  return { sql: `(CAST(${totalSql} AS DOUBLE PRECISION) >= ?)`, params: [threshold] };
};

/** -1 for NULL, 1 for true, 0 for false: booleans compared alike on both databases. */
export const tri = (sql: string): string =>
  `(CASE WHEN (${sql}) IS NULL THEN -1 WHEN (${sql}) THEN 1 ELSE 0 END)`;

/**
 * A result whose total, counts or verdict differ from the stored ones (`r` results, `t` its
 * totalsFrom row, `passed` the new verdict).
 */
export const resultChanged = (passed: Fragment): Fragment => ({
  sql: `(r.total_marks IS NULL OR ABS(r.total_marks - t.total) > 0.001
    OR COALESCE(r.correct_count, -1) <> t.c OR COALESCE(r.incorrect_count, -1) <> t.i
    OR COALESCE(r.unanswered_count, -1) <> t.u
    OR ${tri('r.passed')} <> ${tri(passed.sql)})`,
  params: [...passed.params, ...passed.params],
});
