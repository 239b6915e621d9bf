// The exam's shared reads (service.ts is the door): tests, attempts, questions and answers as
// rows, the learner of a caller, and the exam's error.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller, UserCaller } from '../../access/caller';
import { readScope, UID } from '../../access/rules';
import { iso, sqlRows, toBool, toNumber, knexOf } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { orderForLearner } from './shuffle';
import { deliverSections, sectionPart, settleSections } from './sections';
import { type TestQuestion } from './question-view';
import { testPayload } from './test-payload';
import { attemptQuestions } from './draws';
import { withSlots } from './answer-slots';

export { type TestQuestion, questionRows, questionView } from './question-view';

/** The refusal of a save (or a Prelims action) on an attempt the learner has submitted. */
export const ALREADY_SUBMITTED = 'This attempt has already been submitted.';

export type Data = Record<string, unknown>;
export type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

/** The answers of an attempt (`a`) with their questions (`q`), in the test's question order. */
export const attemptAnswersQuery = (db: Knex | Knex.Transaction, attemptId: number) =>
  db('answers_attempt_lnk as aa')
    .join('answers as a', 'a.id', 'aa.answer_id')
    .leftJoin('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
    .leftJoin('questions as q', 'q.id', 'aq.question_id')
    .where('aa.attempt_id', attemptId)
    .orderBy('q.id', 'asc')
    .orderBy('a.id', 'asc');

/**
 * The learner's own answer by its documentId, joined to its attempt as `t`: the base of the
 * queries that act on one answer (exam's practice check, Mains' answer documents).
 */
export const ownAnswerQuery = (knex: Knex, documentId: string, studentId: number) =>
  knex('answers as a')
    .join('answers_student_lnk as s', 's.answer_id', 'a.id')
    .join('answers_attempt_lnk as aa', 'aa.answer_id', 'a.id')
    .join('attempts as t', 't.id', 'aa.attempt_id')
    .where('a.document_id', documentId)
    .where('s.student_id', studentId);

export const learner = (caller: Caller): UserCaller & { studentId: number } => {
  if (caller.kind !== 'user' || caller.role !== 'student' || caller.studentId === null) {
    throw new HttpError(403, 'Only a learner can take a test.');
  }
  return caller as UserCaller & { studentId: number };
};

// ---------------------------------------------------------------------------------------------
// Reading

export interface TestRow {
  id: number;
  documentId: string;
  TestName: string;
  instructions: string | null;
  TestDuration: number | null;
  MaximumMarks: number | null;
  PassMark: number | null;
  pass_mark_unit: string | null;
  enable_practice_test: boolean | null;
  ValidFrom: string | null;
  ValidTo: string | null;
  max_attempts: number | null;
  review_answer_key: string | null;
  require_fullscreen?: boolean | null;
}

export const TEST_SELECT = [
  'id',
  'documentId',
  'TestName',
  'instructions',
  'TestDuration',
  'MaximumMarks',
  'PassMark',
  'pass_mark_unit',
  'enable_practice_test',
  'ValidFrom',
  'ValidTo',
  'max_attempts',
  'review_answer_key',
  'require_fullscreen',
];

export const testSummary = (test: TestRow): Data => ({
  documentId: test.documentId,
  TestName: test.TestName,
  instructions: test.instructions ?? null,
  TestDuration: test.TestDuration ?? null,
  MaximumMarks: toNumber(test.MaximumMarks),
  PassMark: toNumber(test.PassMark),
  pass_mark_unit: test.pass_mark_unit ?? 'marks',
  enable_practice_test: test.enable_practice_test === true,
  require_fullscreen: test.require_fullscreen === true, // the integrity log (issue 23)
});

/** A document of `uid` the caller may read (the read scope of rules.ts), or null. */
export const findReadable = async <T>(
  strapi: Core.Strapi,
  caller: Caller,
  uid: string,
  documentId: string,
  select: string[],
): Promise<T | null> => {
  const scope = await readScope(caller, uid);
  return (await strapi.db.query(uid as QueryUid).findOne({
    where: scope ? { $and: [{ documentId }, scope] } : { documentId },
    select,
  })) as T | null;
};

export interface AttemptRow {
  id: number;
  document_id: string;
  start_date_time: unknown;
  end_date_time: unknown;
  expires_at: unknown;
  is_practice_test: unknown;
  closed_by: string | null;
  test_id: number | null;
  student_id: number | null;
  /** Shuffled delivery (shuffle.ts); null: today's order. */
  shuffle_seed?: unknown;
  /** Sections (sections.ts); null on an attempt of a test without sections. */
  section_plan?: unknown;
  section_index?: unknown;
  section_ends_at?: unknown;
  section_grace_until?: unknown;
  /** Lazy answer rows (answer-slots.ts); null on an attempt whose rows were written at its start. */
  answer_slots?: unknown;
}

const ATTEMPT_COLUMNS = [
  'a.id',
  'a.document_id',
  'a.start_date_time',
  'a.end_date_time',
  'a.expires_at',
  'a.is_practice_test',
  'a.closed_by',
  'at.test_id',
  's.student_id',
  'a.shuffle_seed',
  'a.section_plan',
  'a.section_index',
  'a.section_ends_at',
  'a.section_grace_until',
  'a.answer_slots',
];

export const attemptQuery = (db: Knex | Knex.Transaction) =>
  db('attempts as a')
    .leftJoin('attempts_test_lnk as at', 'at.attempt_id', 'a.id')
    .leftJoin('attempts_student_lnk as s', 's.attempt_id', 'a.id')
    .select(ATTEMPT_COLUMNS);

/**
 * A learner's attempts (`?` = the student id; more conditions may follow), read from the learner's
 * side: a test has thousands of attempts in a large exam and the open ones are thousands too, while
 * a learner has a handful (SQLite, without statistics, would otherwise walk a test's or every open
 * attempt; bench/exam-load).
 */
export const STUDENT_ATTEMPTS_SQL = `SELECT a.id AS id, a.document_id AS document_id,
    a.start_date_time AS start_date_time, a.end_date_time AS end_date_time,
    a.expires_at AS expires_at, a.is_practice_test AS is_practice_test,
    a.closed_by AS closed_by, a.shuffle_seed AS shuffle_seed,
    a.section_plan AS section_plan, a.section_index AS section_index,
    a.section_ends_at AS section_ends_at, a.section_grace_until AS section_grace_until,
    a.answer_slots AS answer_slots, tl.test_id AS test_id, s.student_id AS student_id
  FROM attempts_student_lnk s
  JOIN attempts a ON a.id = s.attempt_id
  LEFT JOIN attempts_test_lnk tl ON tl.attempt_id = a.id
  WHERE s.student_id = ?`;

export const attemptSummary = (a: AttemptRow): Data => ({
  documentId: a.document_id,
  start_date_time: iso(a.start_date_time),
  expires_at: iso(a.expires_at),
  is_practice_test: toBool(a.is_practice_test),
});

export const forLearner = (rows: TestQuestion[]): Data[] => rows.map((row) => row.view);

/** The attempt's answers with their questions' documentIds, in the test's question order. */
const ANSWERS_SQL = `SELECT a.document_id AS document_id, q.document_id AS question,
    a.selected_answer AS selected_answer, a.mark_as_important AS mark_as_important,
    a.revision AS revision, a.end_date_time AS end_date_time, a.section AS section
  FROM answers_attempt_lnk aa
  JOIN answers a ON a.id = aa.answer_id
  LEFT JOIN answers_question_lnk aq ON aq.answer_id = a.id
  LEFT JOIN questions q ON q.id = aq.question_id
  WHERE aa.attempt_id = ?
  ORDER BY q.id ASC, a.id ASC`;

/**
 * The attempt's answers as the learner gets them (one statement, as attemptAnswersQuery orders);
 * with lazy rows (answer-slots.ts), one per slot, blank where no row was written yet.
 */
const answersOf = async (
  db: Knex,
  attempt: AttemptRow,
  questions: TestQuestion[],
): Promise<Array<Data & { question: unknown }>> => {
  const rows = (await sqlRows<Data>(db, ANSWERS_SQL, [attempt.id])).map((r) => ({
    documentId: r.document_id,
    question: r.question ?? null,
    selected_answer: r.selected_answer ?? null,
    mark_as_important: toBool(r.mark_as_important),
    revision: toNumber(r.revision) ?? 0,
    checked: r.end_date_time !== null && r.end_date_time !== undefined,
    section: r.section ?? null, // dropped by deliverSections when the attempt has no sections
  }));
  if (attempt.answer_slots === null || attempt.answer_slots === undefined) {
    return rows;
  }
  const docs = new Map(questions.map((q) => [q.id, q.view.documentId]));
  return withSlots(db, attempt.document_id, attempt.answer_slots, rows, docs);
};

export const loadTestById = async (strapi: Core.Strapi, id: number): Promise<TestRow> =>
  (await strapi.db.query(UID.test as QueryUid).findOne({
    where: { id },
    select: TEST_SELECT,
  })) as TestRow;

/** The open attempt as the learner's player gets it (start, resume, read, section move). */
export const learnerShape = (
  test: TestRow,
  attempt: AttemptRow,
  questions: TestQuestion[],
  answers: Array<Data & { question: unknown }>,
  resumed: boolean,
): Data => {
  const now = new Date();
  const ordered = orderForLearner(forLearner(questions), attempt.shuffle_seed) as Array<
    Data & { documentId: string }
  >;
  const delivered = deliverSections(attempt, ordered, answers, now);
  return {
    test: testSummary(test),
    attempt: attemptSummary(attempt),
    questions: delivered.questions,
    answers: delivered.answers,
    sections: delivered.sections,
    serverTime: now.toISOString(),
    resumed,
  };
};

export const openShape = async (
  strapi: Core.Strapi,
  test: TestRow,
  attemptRow: AttemptRow,
  resumed: boolean,
): Promise<Data> => {
  const knex = knexOf(strapi);
  // Sections whose time has ended move on now (the server's clock, sections.ts).
  const attempt = await settleSections(knex, attemptRow);
  const payload = await testPayload(knex, test.id);
  // Issue 26: with the questions this attempt drew from the pool (draws.ts).
  const questions = await attemptQuestions(knex, attempt.answer_slots, payload.questions);
  const answers = await answersOf(knex, attempt, questions);
  return learnerShape(test, attempt, questions, answers, resumed);
};

/**
 * The open section's part of an attempt with sections (sections.ts sectionPart): the answer of a
 * section move or of a section's end, without the test and the other sections. Two set-based
 * statements (the test's questions, the attempt's answers), no populate.
 */
export const sectionShape = async (
  db: Knex,
  attempt: AttemptRow,
  testId: number,
): Promise<Data> => {
  const payload = await testPayload(db, testId);
  const questions = await attemptQuestions(db, attempt.answer_slots, payload.questions);
  const answers = await answersOf(db, attempt, questions);
  const now = new Date();
  const ordered = orderForLearner(forLearner(questions), attempt.shuffle_seed) as Array<
    Data & { documentId: string }
  >;
  const part = sectionPart(attempt, ordered, answers, now);
  return {
    attempt: attemptSummary(attempt),
    questions: part.questions,
    answers: part.answers,
    sections: part.sections,
    serverTime: now.toISOString(),
  };
};
