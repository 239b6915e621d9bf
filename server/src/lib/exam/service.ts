import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller, UserCaller } from '../../access/caller';
import { isLearnerLike, readScope, UID } from '../../access/rules';
import { closeAttempt, closeExpiredAttempts, GRACE_MS, resultOfAttempt } from './close';
import { ANSWER_CHOICES, markAnswer, standing } from './marking';
import { answerKeyDecision, type KeyDecision, reviewOption } from './review-key';
import { mainsTestIds } from '../mains/mains-tests';
import { examWriteGate } from './write-gate';
import {
  insertLinks,
  insertReturningIds,
  iso,
  isPostgres,
  newDocumentId,
  shareLock,
  sqlRows,
  systemColumns,
  toBool,
  toDate,
  toNumber,
} from './sql';

/**
 * The learner's exam flow (issue 7): start or resume an attempt, save answers, submit, check a
 * practice answer, review a result, the learner's test list. Lean: plain SQL on the hot path, one
 * transaction per state change, the answer key only once the attempt is over.
 */
export class ExamError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The refusal of a save (or a Prelims action) on an attempt the learner has submitted. */
export const ALREADY_SUBMITTED = 'This attempt has already been submitted.';

type Data = Record<string, unknown>;
type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

const knexOf = (strapi: Core.Strapi): Knex => strapi.db.connection as unknown as Knex;

const documentIdOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const learner = (caller: Caller): UserCaller & { studentId: number } => {
  if (caller.kind !== 'user' || caller.role !== 'student' || caller.studentId === null) {
    throw new ExamError(403, 'Only a learner can take a test.');
  }
  return caller as UserCaller & { studentId: number };
};

// ---------------------------------------------------------------------------------------------
// Reading

interface TestRow {
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
}

const TEST_SELECT = [
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
];

const testSummary = (test: TestRow): Data => ({
  documentId: test.documentId,
  TestName: test.TestName,
  instructions: test.instructions ?? null,
  TestDuration: test.TestDuration ?? null,
  MaximumMarks: toNumber(test.MaximumMarks),
  PassMark: toNumber(test.PassMark),
  pass_mark_unit: test.pass_mark_unit ?? 'marks',
  enable_practice_test: test.enable_practice_test === true,
});

/** A document of `uid` the caller may read (the read scope of rules.ts), or null. */
const findReadable = async <T>(
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

interface AttemptRow {
  id: number;
  document_id: string;
  start_date_time: unknown;
  end_date_time: unknown;
  expires_at: unknown;
  is_practice_test: unknown;
  closed_by: string | null;
  test_id: number | null;
  student_id: number | null;
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
];

const attemptQuery = (db: Knex | Knex.Transaction) =>
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
const STUDENT_ATTEMPTS_SQL = `SELECT a.id AS id, a.document_id AS document_id,
    a.start_date_time AS start_date_time, a.end_date_time AS end_date_time,
    a.expires_at AS expires_at, a.is_practice_test AS is_practice_test,
    a.closed_by AS closed_by, tl.test_id AS test_id, s.student_id AS student_id
  FROM attempts_student_lnk s
  JOIN attempts a ON a.id = s.attempt_id
  LEFT JOIN attempts_test_lnk tl ON tl.attempt_id = a.id
  WHERE s.student_id = ?`;

const attemptSummary = (a: AttemptRow): Data => ({
  documentId: a.document_id,
  start_date_time: iso(a.start_date_time),
  expires_at: iso(a.expires_at),
  is_practice_test: toBool(a.is_practice_test),
});

/** A question of a test: `id` is internal, `view` is what the learner gets (no key). */
interface TestQuestion {
  id: number;
  view: Data & { documentId: string };
}

const QUESTIONS_SQL = `SELECT q.id AS id, q.document_id AS document_id, q.question AS question,
    q.option_a AS option_a, q.option_b AS option_b, q.option_c AS option_c, q.option_d AS option_d,
    q.question_type AS question_type, sub.subject_name AS subject_name
  FROM questions_test_lnk qt
  JOIN questions q ON q.id = qt.question_id
  LEFT JOIN questions_subject_lnk qs ON qs.question_id = q.id
  LEFT JOIN subjects sub ON sub.id = qs.subject_id
  WHERE qt.test_id = ?
  ORDER BY q.id ASC`;

/** A question as the learner sees it (no key), from a row of QUESTIONS_SQL's columns. */
const questionView = (r: Data): Data & { documentId: string } => ({
  documentId: String(r.document_id),
  question: r.question,
  option_a: r.option_a ?? null,
  option_b: r.option_b ?? null,
  option_c: r.option_c ?? null,
  option_d: r.option_d ?? null,
  question_type: r.question_type ?? null,
  subject: r.subject_name ? { SubjectName: r.subject_name } : null,
});

/** The questions of a test for a learner, in id order, without the answer key. */
const questionRows = async (db: Knex, testId: number): Promise<TestQuestion[]> => {
  const rows = await sqlRows<Data & { id: number; document_id: string }>(db, QUESTIONS_SQL, [
    testId,
  ]);
  // Object literals (not a copy with `id` deleted): V8 keeps them in fast mode, which
  // JSON.stringify reads several times faster (100 questions in every start's answer).
  return rows.map((r) => ({ id: Number(r.id), view: questionView(r) }));
};

const forLearner = (rows: TestQuestion[]): Data[] => rows.map((row) => row.view);

const answersOf = async (db: Knex, attemptId: number): Promise<Data[]> => {
  const rows = (await db('answers_attempt_lnk as aa')
    .join('answers as a', 'a.id', 'aa.answer_id')
    .leftJoin('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
    .leftJoin('questions as q', 'q.id', 'aq.question_id')
    .where('aa.attempt_id', attemptId)
    .orderBy('q.id', 'asc')
    .orderBy('a.id', 'asc')
    .select(
      'a.document_id',
      'q.document_id as question',
      'a.selected_answer',
      'a.mark_as_important',
      'a.revision',
      'a.end_date_time',
    )) as Data[];
  return rows.map((r) => ({
    documentId: r.document_id,
    question: r.question ?? null,
    selected_answer: r.selected_answer ?? null,
    mark_as_important: toBool(r.mark_as_important),
    revision: toNumber(r.revision) ?? 0,
    checked: r.end_date_time !== null && r.end_date_time !== undefined,
  }));
};

const loadTestById = async (strapi: Core.Strapi, id: number): Promise<TestRow> =>
  (await strapi.db.query(UID.test as QueryUid).findOne({
    where: { id },
    select: TEST_SELECT,
  })) as TestRow;

const openShape = async (
  strapi: Core.Strapi,
  test: TestRow,
  attempt: AttemptRow,
  resumed: boolean,
): Promise<Data> => {
  const knex = knexOf(strapi);
  const [questions, answers] = await Promise.all([
    questionRows(knex, test.id),
    answersOf(knex, attempt.id),
  ]);
  return {
    test: testSummary(test),
    attempt: attemptSummary(attempt),
    questions: forLearner(questions),
    answers,
    serverTime: new Date().toISOString(),
    resumed,
  };
};

// ---------------------------------------------------------------------------------------------
// Initialize

/** The learner's attempts of one test (a handful), oldest first; filtered in code, not in SQL. */
const myAttemptsForTest = (
  db: Knex | Knex.Transaction,
  studentId: number,
  testId: number,
): Promise<AttemptRow[]> =>
  sqlRows<AttemptRow>(db, `${STUDENT_ATTEMPTS_SQL} AND tl.test_id = ? ORDER BY a.id ASC`, [
    studentId,
    testId,
  ]);

/** The test's course, if any, and whether it is active (a deactivated course is soft-deleted). */
const COURSE_ACTIVE_SQL = `SELECT c.is_active AS is_active FROM tests_course_lnk l
  JOIN courses c ON c.id = l.course_id WHERE l.test_id = ? LIMIT 1`;

const isOpen = (a: AttemptRow): boolean =>
  a.end_date_time === null || a.end_date_time === undefined;

export const initialize = (
  strapi: Core.Strapi,
  caller: Caller,
  testIdInput: unknown,
): Promise<{ created: boolean; data: Data }> =>
  examWriteGate.run(() => startAttempt(strapi, caller, testIdInput));

const startAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  testIdInput: unknown,
): Promise<{ created: boolean; data: Data }> => {
  const me = learner(caller);
  const documentId = documentIdOf(testIdInput);
  if (!documentId) {
    throw new ExamError(400, 'Send the testId (documentId) of the test.');
  }
  const test = await findReadable<TestRow>(strapi, caller, UID.test, documentId, TEST_SELECT);
  if (!test) {
    throw new ExamError(404, 'Unknown test.');
  }
  const now = new Date();
  const from = toDate(test.ValidFrom);
  const to = toDate(test.ValidTo);
  if (from && now < from) {
    throw new ExamError(403, `This test opens on ${from.toISOString()}.`);
  }
  if (to && now > to) {
    throw new ExamError(403, `This test closed on ${to.toISOString()}.`);
  }
  const knex = knexOf(strapi);
  if ((await mainsTestIds(knex, [test.id])).has(test.id)) {
    // Mains answers are uploaded and evaluated by faculty (src/lib/mains), never auto-marked.
    throw new ExamError(409, 'This is a Mains test: open it from your Mains tests.');
  }
  // An attempt of this test left open past its expiry is closed (and marked) first.
  const expired = (await myAttemptsForTest(knex, me.studentId, test.id)).filter((a) => {
    const expires = toDate(a.expires_at);
    return isOpen(a) && expires !== null && expires <= now;
  });
  if (expired.length > 0) {
    await closeExpiredAttempts(strapi, { graceMs: 0, attemptIds: expired.map((a) => a.id) });
  }

  const practice = test.enable_practice_test === true;
  const durationMinutes = toNumber(test.TestDuration);
  const outcome = await knex.transaction(async (trx) => {
    if (isPostgres(trx)) {
      // One learner's starts are serialised: a double click creates at most one attempt.
      await trx('students').where({ id: me.studentId }).forUpdate().first('id');
    }
    const start = new Date();
    const mine = await myAttemptsForTest(trx, me.studentId, test.id);
    const open = mine
      .filter((a) => {
        const expires = toDate(a.expires_at);
        return isOpen(a) && expires !== null && expires > start;
      })
      .pop();
    if (open) {
      // Resumed even when the course was deactivated meanwhile: an attempt already running
      // finishes (saves and submit too), only new attempts are refused (issue 18).
      return { created: false, attempt: open, questions: [], answers: [] };
    }
    const [course] = await sqlRows<{ is_active: unknown }>(trx, COURSE_ACTIVE_SQL, [test.id]);
    if (course && course.is_active !== null && !toBool(course.is_active)) {
      throw new ExamError(403, 'This course has been deactivated: its tests cannot be started.');
    }
    const questions = await questionRows(trx, test.id);
    const questionIds = questions.map((q) => q.id);
    if (questionIds.length === 0) {
      throw new ExamError(409, 'This test has no questions yet.');
    }
    if (!practice) {
      const limit = test.max_attempts ?? 1;
      const used = mine.filter((a) => !toBool(a.is_practice_test)).length;
      if (limit > 0 && used >= limit) {
        throw new ExamError(403, `You have used all ${limit} attempt(s) of this test.`);
      }
    }
    let expiresAt: Date | null =
      durationMinutes && durationMinutes > 0
        ? new Date(start.getTime() + durationMinutes * 60_000)
        : null;
    if (to && (!expiresAt || to < expiresAt)) {
      expiresAt = to;
    }
    if (!expiresAt) {
      throw new ExamError(409, 'This test has no duration yet.');
    }
    const attemptRow = {
      ...systemColumns(start),
      start_date_time: start,
      end_date_time: null,
      expires_at: expiresAt,
      is_practice_test: practice,
      closed_by: null,
    };
    const [attempt] = await insertReturningIds(trx, 'attempts', [attemptRow]);
    await insertLinks(trx, 'attempts_test_lnk', [{ attempt_id: attempt.id, test_id: test.id }]);
    await insertLinks(trx, 'attempts_student_lnk', [
      { attempt_id: attempt.id, student_id: me.studentId },
    ]);
    // An object literal per row: spreading systemColumns() here cost ~1 ms per start (100 rows).
    const answerRows = questionIds.map(() => ({
      document_id: newDocumentId(),
      created_at: start,
      updated_at: start,
      published_at: start,
      locale: null,
      selected_answer: null,
      mark_as_important: false,
      start_date_time: start,
      end_date_time: null,
      points: null,
      revision: 0,
    }));
    const answers = await insertReturningIds(trx, 'answers', answerRows);
    const byDocument = new Map(
      answerRows.map((r, i) => [String((r as Record<string, unknown>).document_id), i]),
    );
    const linked = answers.map((a) => {
      const index = byDocument.get(a.document_id) ?? -1;
      return { id: a.id, documentId: a.document_id, index, q: questionIds[index] };
    });
    await insertLinks(
      trx,
      'answers_attempt_lnk',
      linked.map((a) => ({ answer_id: a.id, attempt_id: attempt.id })),
    );
    await insertLinks(
      trx,
      'answers_question_lnk',
      linked.map((a) => ({ answer_id: a.id, question_id: a.q })),
    );
    await insertLinks(
      trx,
      'answers_test_lnk',
      linked.map((a) => ({ answer_id: a.id, test_id: test.id })),
    );
    await insertLinks(
      trx,
      'answers_student_lnk',
      linked.map((a) => ({ answer_id: a.id, student_id: me.studentId })),
    );
    if (!practice) {
      await sqlRows(trx, 'UPDATE tests SET attempts = COALESCE(attempts, 0) + 1 WHERE id = ?', [
        test.id,
      ]);
    }
    const row: AttemptRow = {
      id: attempt.id,
      document_id: attempt.document_id,
      start_date_time: start,
      end_date_time: null,
      expires_at: expiresAt,
      is_practice_test: practice,
      closed_by: null,
      test_id: test.id,
      student_id: me.studentId,
    };
    // The new answers in question order, as answersOf would read them back.
    const answerList = [...linked]
      .sort((a, b) => a.index - b.index)
      .map((a) => ({
        documentId: a.documentId,
        question: questions[a.index]?.view.documentId ?? null,
        selected_answer: null,
        mark_as_important: false,
        revision: 0,
        checked: false,
      }));
    return { created: true, attempt: row, questions, answers: answerList };
  });
  if (!outcome.created) {
    return { created: false, data: await openShape(strapi, test, outcome.attempt, true) };
  }
  return {
    created: true,
    data: {
      test: testSummary(test),
      attempt: attemptSummary(outcome.attempt),
      questions: forLearner(outcome.questions),
      answers: outcome.answers,
      serverTime: new Date().toISOString(),
      resumed: false,
    },
  };
};

// ---------------------------------------------------------------------------------------------
// Read an attempt

/** The attempt `documentId` the caller may read (own for learners, scope of rules.ts for staff). */
const readableAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentIdInput: unknown,
): Promise<AttemptRow> => {
  const documentId = documentIdOf(documentIdInput);
  const visible = documentId
    ? await findReadable<{ id: number }>(strapi, caller, UID.attempt, documentId, ['id'])
    : null;
  if (!visible) {
    throw new ExamError(404, 'Unknown attempt.');
  }
  return (await attemptQuery(knexOf(strapi)).where('a.id', visible.id).first()) as AttemptRow;
};

const endedShape = async (strapi: Core.Strapi, attempt: AttemptRow): Promise<Data> => ({
  attempt: {
    ...attemptSummary(attempt),
    end_date_time: iso(attempt.end_date_time),
    closed_by: attempt.closed_by ?? null,
  },
  ended: true,
  resultId: await resultOfAttempt(knexOf(strapi), attempt.id),
});

/** Closes the attempt if it is open and past its expiry; returns its current row. */
const settle = async (strapi: Core.Strapi, attempt: AttemptRow): Promise<AttemptRow> => {
  const expires = toDate(attempt.expires_at);
  if (attempt.end_date_time || !expires || expires.getTime() > Date.now()) {
    return attempt;
  }
  await closeAttempt(strapi, attempt.id, 'expiry', expires);
  return (await attemptQuery(knexOf(strapi)).where('a.id', attempt.id).first()) as AttemptRow;
};

export const readAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  attemptId: unknown,
): Promise<Data> => {
  const attempt = await settle(strapi, await readableAttempt(strapi, caller, attemptId));
  if (attempt.end_date_time) {
    return endedShape(strapi, attempt);
  }
  if (attempt.test_id === null) {
    throw new ExamError(404, 'Unknown attempt.');
  }
  return openShape(strapi, await loadTestById(strapi, attempt.test_id), attempt, true);
};

// ---------------------------------------------------------------------------------------------
// Save an answer (the hot path: one guarded UPDATE, one read of the stored state)

export interface SaveInput {
  selected_answer?: unknown;
  mark_as_important?: unknown;
  revision?: unknown;
}

/** The body fields of the lean save; a learner's PUT carrying any of them takes that path. */
export const LEAN_SAVE_FIELDS = ['selected_answer', 'mark_as_important', 'revision'] as const;

/** A request body's `data` when it is an answer save (an object with a save field); else null. */
export const leanSaveInput = (data: unknown): SaveInput | null =>
  typeof data === 'object' &&
  data !== null &&
  !Array.isArray(data) &&
  LEAN_SAVE_FIELDS.some((key) => key in data)
    ? (data as SaveInput)
    : null;

export const saveAnswer = async (
  strapi: Core.Strapi,
  userId: number,
  documentIdInput: unknown,
  input: SaveInput,
): Promise<Data> => {
  const documentId = documentIdOf(documentIdInput);
  if (!documentId) {
    throw new ExamError(404, 'Unknown answer.');
  }
  const revision = input.revision;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0) {
    throw new ExamError(400, 'Send the revision (a whole number that increases with each save).');
  }
  const changes: Data = {};
  if ('selected_answer' in input) {
    const value = input.selected_answer;
    if (value !== null && !(ANSWER_CHOICES as readonly unknown[]).includes(value)) {
      throw new ExamError(400, 'The answer must be a, b, c or d.');
    }
    changes.selected_answer = value;
  }
  if ('mark_as_important' in input) {
    if (typeof input.mark_as_important !== 'boolean') {
      throw new ExamError(400, 'mark_as_important must be true or false.');
    }
    changes.mark_as_important = input.mark_as_important;
  }
  const knex = knexOf(strapi);
  const now = new Date();
  const columns = Object.keys(changes); // selected_answer and/or mark_as_important, no other
  const updated = await sqlRows<Data>(
    knex,
    `UPDATE answers SET ${columns.map((c) => `${c} = ?, `).join('')}revision = ?, updated_at = ?
      WHERE document_id = ? AND end_date_time IS NULL AND (revision IS NULL OR revision < ?)
        AND EXISTS (SELECT 1 FROM answers_student_lnk s
          JOIN up_users_student_lnk u ON u.student_id = s.student_id
          WHERE s.answer_id = answers.id AND u.user_id = ?)
        AND EXISTS (SELECT 1 FROM attempts t
          WHERE t.id = (SELECT aa.attempt_id FROM answers_attempt_lnk aa
            WHERE aa.answer_id = answers.id LIMIT 1)
          AND t.end_date_time IS NULL AND t.expires_at >= ?${shareLock(knex)})
      RETURNING document_id, selected_answer, mark_as_important, revision`,
    // The answer's own attempt by id (a scalar subquery): joined the other way round, SQLite
    // would walk every open attempt of the exam through their index for each save.
    // On PostgreSQL the attempt row is locked FOR SHARE in this same statement (issue 18): a save
    // and the close of its attempt (submit, sweep) are serialised. A save that reaches the row
    // while the close holds it waits, then finds the attempt ended and changes nothing (409
    // below); a close waits for the saves holding the lock and marks what they stored. Saves of
    // one attempt share the lock and never wait for each other.
    [
      ...columns.map((c) => changes[c]),
      revision,
      now,
      documentId,
      revision,
      userId,
      new Date(now.getTime() - GRACE_MS),
    ],
  );
  const stored = updated[0];
  if (stored) {
    // Applied: the row as stored now (one statement; SQLite 3.35+ and PostgreSQL: RETURNING).
    return {
      documentId: stored.document_id,
      selected_answer: stored.selected_answer ?? null,
      mark_as_important: toBool(stored.mark_as_important),
      revision: toNumber(stored.revision) ?? 0,
    };
  }

  // Nothing changed: the stored state, and why.
  const row = (await knex('answers as a')
    .join('answers_student_lnk as s', 's.answer_id', 'a.id')
    .join('up_users_student_lnk as u', 'u.student_id', 's.student_id')
    .leftJoin('answers_attempt_lnk as aa', 'aa.answer_id', 'a.id')
    .leftJoin('attempts as t', 't.id', 'aa.attempt_id')
    .where('a.document_id', documentId)
    .where('u.user_id', userId)
    .first(
      'a.document_id',
      'a.selected_answer',
      'a.mark_as_important',
      'a.revision',
      'a.end_date_time',
      't.id as attempt_id',
      't.end_date_time as attempt_end',
      't.expires_at',
      't.closed_by',
    )) as Data | undefined;
  if (!row || !row.attempt_id) {
    throw new ExamError(404, 'Unknown answer.');
  }
  const expires = toDate(row.expires_at);
  const overdue = !expires || expires.getTime() + GRACE_MS < now.getTime();
  if (row.attempt_end && row.closed_by === 'learner') {
    // Refused, never acknowledged: the result was marked from the answers stored before.
    throw new ExamError(409, ALREADY_SUBMITTED);
  }
  if (row.attempt_end || overdue) {
    if (!row.attempt_end && expires) {
      await closeAttempt(strapi, Number(row.attempt_id), 'expiry', expires);
    }
    throw new ExamError(409, 'This attempt is over.');
  }
  if (row.end_date_time) {
    throw new ExamError(409, 'This answer has been checked.');
  }
  // Otherwise the stored revision is as new or newer: the stored state stands.
  return {
    documentId: row.document_id,
    selected_answer: row.selected_answer ?? null,
    mark_as_important: toBool(row.mark_as_important),
    revision: toNumber(row.revision) ?? 0,
  };
};

// ---------------------------------------------------------------------------------------------
// Submit

interface ResultRow {
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

const resultSummary = (r: ResultRow): Data => ({
  documentId: r.document_id,
  total_marks: toNumber(r.total_marks),
  passed: r.passed === null || r.passed === undefined ? null : toBool(r.passed),
  correct_count: toNumber(r.correct_count),
  incorrect_count: toNumber(r.incorrect_count),
  unanswered_count: toNumber(r.unanswered_count),
  time_taken_seconds: toNumber(r.time_taken_seconds),
  createdAt: iso(r.created_at),
});

const loadResult = async (db: Knex, documentId: string): Promise<ResultRow | undefined> =>
  (
    await sqlRows<ResultRow>(
      db,
      `SELECT id, document_id, total_marks, passed, correct_count, incorrect_count,
        unanswered_count, time_taken_seconds, created_at
      FROM results WHERE document_id = ? LIMIT 1`,
      [documentId],
    )
  )[0];

/** The caller's own attempt by documentId (learners only). */
const myAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentIdInput: unknown,
): Promise<AttemptRow> => {
  const me = learner(caller);
  const documentId = documentIdOf(documentIdInput);
  const attempt = documentId
    ? (
        await sqlRows<AttemptRow>(
          knexOf(strapi),
          `${STUDENT_ATTEMPTS_SQL} AND a.document_id = ? LIMIT 1`,
          [me.studentId, documentId],
        )
      )[0]
    : undefined;
  if (!attempt) {
    throw new ExamError(404, 'Unknown attempt.');
  }
  return attempt;
};

export const submit = (strapi: Core.Strapi, caller: Caller, attemptId: unknown): Promise<Data> =>
  examWriteGate.run(() => submitAttempt(strapi, caller, attemptId));

const submitAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  attemptId: unknown,
): Promise<Data> => {
  const attempt = await myAttempt(strapi, caller, attemptId);
  if (attempt.expires_at === null || attempt.expires_at === undefined) {
    // A Prelims attempt always has an expiry (startAttempt); a Mains attempt never has one. Its
    // submit checks the uploaded documents: closing it here would skip that rule (issue 18).
    throw new ExamError(
      400,
      'This is a Mains attempt: submit it with POST /api/mains/submit (every answer document is checked there).',
    );
  }
  let resultId: string | null;
  if (attempt.end_date_time) {
    resultId = await resultOfAttempt(knexOf(strapi), attempt.id);
  } else {
    const now = new Date();
    const expires = toDate(attempt.expires_at);
    const late = expires !== null && now.getTime() > expires.getTime() + GRACE_MS;
    const endAt = expires && now > expires ? expires : now;
    resultId = await closeAttempt(strapi, attempt.id, late ? 'expiry' : 'learner', endAt);
  }
  const result = resultId ? await loadResult(knexOf(strapi), resultId) : undefined;
  if (!result) {
    throw new ExamError(409, 'This attempt has no result.');
  }
  return { result: resultSummary(result) };
};

// ---------------------------------------------------------------------------------------------
// Practice: check one answer

export const checkAnswer = async (
  strapi: Core.Strapi,
  caller: Caller,
  answerIdInput: unknown,
): Promise<Data> => {
  const me = learner(caller);
  const documentId = documentIdOf(answerIdInput);
  const knex = knexOf(strapi);
  const row = documentId
    ? ((await knex('answers as a')
        .join('answers_student_lnk as s', 's.answer_id', 'a.id')
        .join('answers_attempt_lnk as aa', 'aa.answer_id', 'a.id')
        .join('attempts as t', 't.id', 'aa.attempt_id')
        .join('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
        .join('questions as q', 'q.id', 'aq.question_id')
        .where('a.document_id', documentId)
        .where('s.student_id', me.studentId)
        .first(
          'a.id',
          'a.selected_answer',
          'a.revision',
          'a.end_date_time',
          't.id as attempt_id',
          't.end_date_time as attempt_end',
          't.expires_at',
          't.is_practice_test',
          'q.question_type',
          'q.correct_answer',
          'q.explanation',
          'q.points_correct_answer',
          'q.points_incorrect_answer',
        )) as Data | undefined)
    : undefined;
  if (!row) {
    throw new ExamError(404, 'Unknown answer.');
  }
  if (!toBool(row.is_practice_test)) {
    throw new ExamError(403, 'Only an answer of a practice attempt can be checked.');
  }
  const expires = toDate(row.expires_at);
  const over = !!row.attempt_end || !expires || expires.getTime() + GRACE_MS < Date.now();
  if (over && !row.end_date_time) {
    throw new ExamError(409, 'This attempt is over.');
  }
  const { outcome, points } = markAnswer(
    {
      question_type: row.question_type as string | null,
      correct_answer: row.correct_answer as string | null,
      points_correct_answer: toNumber(row.points_correct_answer),
      points_incorrect_answer: toNumber(row.points_incorrect_answer),
    },
    row.selected_answer as string | null,
  );
  if (!row.end_date_time) {
    // Locks the answer: later saves are refused (409 "This answer has been checked."). Only the
    // revision that was marked: a save landing in between would leave points of another choice.
    const locked = await knex('answers')
      .where('id', row.id as number)
      .whereNull('end_date_time')
      .whereRaw('COALESCE(revision, 0) = ?', [toNumber(row.revision) ?? 0])
      .update({ end_date_time: new Date(), points, updated_at: new Date() });
    if (locked !== 1) {
      // A concurrent check of the same revision is the same outcome; a newer save is not.
      const now = (await knex('answers')
        .where('id', row.id as number)
        .first('revision', 'end_date_time')) as Data | undefined;
      if (!now?.end_date_time || (toNumber(now.revision) ?? 0) !== (toNumber(row.revision) ?? 0)) {
        throw new ExamError(409, 'This answer changed while it was being checked: check it again.');
      }
    }
  }
  return {
    correct_answer: row.correct_answer ?? null,
    explanation: row.explanation ?? null,
    is_correct: outcome === 'correct',
    points,
  };
};

// ---------------------------------------------------------------------------------------------
// Result and review

/**
 * Whether this caller's review shows the key (review-key.ts): staff always; a learner by the
 * test's review option and their attempts of the test.
 */
const keyDecision = async (
  knex: Knex,
  caller: Caller,
  test: TestRow,
  practiceAttempt: boolean,
): Promise<KeyDecision> => {
  if (!isLearnerLike(caller)) {
    return { shown: true, message: null };
  }
  const studentId = caller.kind === 'user' ? (caller.studentId ?? -1) : -1;
  const attempts = await myAttemptsForTest(knex, studentId, test.id);
  return answerKeyDecision({
    option: reviewOption(test.review_answer_key),
    now: new Date(),
    closesAt: toDate(test.ValidTo),
    maxAttempts: test.max_attempts,
    practiceTest: test.enable_practice_test === true,
    practiceAttempt,
    attempts: attempts.map((a) => ({
      ended: !isOpen(a),
      practice: toBool(a.is_practice_test),
      expiresAt: toDate(a.expires_at),
    })),
  });
};

export const reviewResult = async (
  strapi: Core.Strapi,
  caller: Caller,
  resultIdInput: unknown,
): Promise<Data> => {
  const documentId = documentIdOf(resultIdInput);
  const visible = documentId
    ? await findReadable<{ id: number }>(strapi, caller, UID.result, documentId, ['id'])
    : null;
  if (!visible || !documentId) {
    throw new ExamError(404, 'Unknown result.');
  }
  const knex = knexOf(strapi);
  const result = (await loadResult(knex, documentId)) as ResultRow;
  const attempt = (await knex('results_attempt_lnk as ra')
    .join('attempts as a', 'a.id', 'ra.attempt_id')
    .leftJoin('attempts_test_lnk as at', 'at.attempt_id', 'a.id')
    .where('ra.result_id', result.id)
    .first(
      'a.id',
      'a.start_date_time',
      'a.end_date_time',
      'a.expires_at',
      'a.closed_by',
      'a.is_practice_test',
      'at.test_id',
    )) as Data | undefined;
  if (!attempt) {
    throw new ExamError(404, 'Unknown result.');
  }
  const testId =
    attempt.test_id === null || attempt.test_id === undefined ? null : Number(attempt.test_id);
  // A Mains result (an assignment's, a Mains test's, an attempt without expiry) has its own
  // script and marks, shown to a learner only once published: never through this endpoint.
  if (
    testId === null ||
    attempt.expires_at === null ||
    attempt.expires_at === undefined ||
    (await mainsTestIds(knex, [testId])).has(testId)
  ) {
    throw new ExamError(
      400,
      'This is a Mains result: see it in your Mains work (GET /api/mains/scripts/:resultId).',
    );
  }
  if (!attempt.end_date_time) {
    throw new ExamError(409, 'This attempt is not over yet.');
  }
  const test = await loadTestById(strapi, testId);
  const practice = toBool(attempt.is_practice_test);
  const key = await keyDecision(knex, caller, test, practice);

  const questions = (await knex('answers_attempt_lnk as aa')
    .join('answers as a', 'a.id', 'aa.answer_id')
    .join('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
    .join('questions as q', 'q.id', 'aq.question_id')
    .leftJoin('questions_subject_lnk as qs', 'qs.question_id', 'q.id')
    .leftJoin('subjects as sub', 'sub.id', 'qs.subject_id')
    .where('aa.attempt_id', attempt.id as number)
    .orderBy('q.id', 'asc')
    .select(
      'q.document_id',
      'q.question',
      'q.option_a',
      'q.option_b',
      'q.option_c',
      'q.option_d',
      'q.question_type',
      'sub.subject_name',
      'q.correct_answer',
      'q.explanation',
      'q.points_correct_answer',
      'q.points_incorrect_answer',
      'a.selected_answer',
      'a.mark_as_important',
      'a.points',
    )) as Data[];

  let rank: number | null = null;
  let outOf: number | null = null;
  let percentile: number | null = null;
  const total = toNumber(result.total_marks) ?? 0;
  if (!practice) {
    const best = knex('results as r')
      .join('results_test_lnk as rt', 'rt.result_id', 'r.id')
      .join('results_student_lnk as rs', 'rs.result_id', 'r.id')
      .join('results_attempt_lnk as ra', 'ra.result_id', 'r.id')
      .join('attempts as a', 'a.id', 'ra.attempt_id')
      .where('rt.test_id', testId)
      .where((q) => q.whereNull('a.is_practice_test').orWhere('a.is_practice_test', false))
      .groupBy('rs.student_id')
      .select('rs.student_id', knex.raw('MAX(ROUND(r.total_marks * 100)) as best'))
      .as('b');
    const mine = Math.round(total * 100);
    const counts = (await knex
      .from(best)
      .first(
        knex.raw('SUM(CASE WHEN best > ? THEN 1 ELSE 0 END) as higher', [mine]),
        knex.raw('SUM(CASE WHEN best < ? THEN 1 ELSE 0 END) as lower', [mine]),
        knex.raw('SUM(CASE WHEN best = ? THEN 1 ELSE 0 END) as equal', [mine]),
      )) as { higher: unknown; lower: unknown; equal: unknown };
    const s = standing(
      Number(counts.higher ?? 0),
      Number(counts.lower ?? 0),
      Math.max(1, Number(counts.equal ?? 0)),
    );
    rank = s.rank;
    outOf = s.outOf;
    percentile = s.percentile;
  }

  return {
    result: resultSummary(result),
    test: {
      TestName: test.TestName,
      MaximumMarks: toNumber(test.MaximumMarks),
      PassMark: toNumber(test.PassMark),
      pass_mark_unit: test.pass_mark_unit ?? 'marks',
    },
    attempt: {
      start_date_time: iso(attempt.start_date_time),
      end_date_time: iso(attempt.end_date_time),
      closed_by: attempt.closed_by ?? null,
      is_practice_test: practice,
    },
    rank,
    outOf,
    percentile,
    review: { answerKeyShown: key.shown, message: key.message },
    // Without the key, each question's points are withheld too (they tell right from wrong); the
    // learner keeps their own answers and the totals.
    questions: questions.map((q) => ({
      ...questionView(q),
      correct_answer: key.shown ? (q.correct_answer ?? null) : null,
      explanation: key.shown ? (q.explanation ?? null) : null,
      points_correct_answer: key.shown ? toNumber(q.points_correct_answer) : null,
      points_incorrect_answer: key.shown ? toNumber(q.points_incorrect_answer) : null,
      selected_answer: q.selected_answer ?? null,
      mark_as_important: toBool(q.mark_as_important),
      points: key.shown ? toNumber(q.points) : null,
    })),
  };
};

// ---------------------------------------------------------------------------------------------
// The learner's test list

interface ListedTest {
  id: number;
  documentId: string;
  TestName: string;
  Description: string | null;
  TestDuration: number | null;
  MaximumMarks: unknown;
  ValidFrom: string | null;
  ValidTo: string | null;
  enable_practice_test: boolean | null;
  max_attempts: number | null;
  createdAt: string;
  course: { documentId: string; course_name: string } | null;
  test_category: { CategoryName: string } | null;
  test_sub_category: { TestSubCategory: string } | null;
}

const positiveInt = (value: unknown, fallback: number, max: number): number => {
  const n = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
};

export const myTests = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Data,
): Promise<{ data: Data[]; meta: Data }> => {
  const me = learner(caller);
  const knex = knexOf(strapi);
  const page = positiveInt(query.page, 1, 100_000);
  const pageSize = positiveInt(query.pageSize, 25, 100);
  // Lazily close this learner's abandoned attempts, so the list shows them as attempted.
  await closeExpiredAttempts(strapi, { graceMs: 0, studentId: me.studentId });

  const scope = await readScope(caller, UID.test);
  const courseId = documentIdOf(query.courseId);
  const visibleIds = (
    (await strapi.db.query(UID.test as QueryUid).findMany({
      where: {
        $and: [scope ?? {}, courseId ? { course: { documentId: courseId } } : {}],
      },
      select: ['id'],
    })) as Array<{ id: number }>
  ).map((t) => t.id);
  const mains = await mainsTestIds(knex, visibleIds);
  const listed = visibleIds.filter((id) => !mains.has(id));
  const total = listed.length;
  const tests = (await strapi.db.query(UID.test as QueryUid).findMany({
    where: { id: { $in: listed.length > 0 ? listed : [-1] } },
    select: [
      'id',
      'documentId',
      'TestName',
      'Description',
      'TestDuration',
      'MaximumMarks',
      'ValidFrom',
      'ValidTo',
      'enable_practice_test',
      'max_attempts',
      'createdAt',
    ],
    populate: {
      course: { select: ['documentId', 'course_name'] },
      test_category: { select: ['CategoryName'] },
      test_sub_category: { select: ['TestSubCategory'] },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    offset: (page - 1) * pageSize,
    limit: pageSize,
  })) as ListedTest[];
  const ids = tests.map((t) => t.id);

  const attempts = (
    ids.length > 0
      ? await sqlRows<AttemptRow>(
          knex,
          `${STUDENT_ATTEMPTS_SQL} AND tl.test_id IN (${ids.map(() => '?').join(', ')})
            ORDER BY a.id ASC`,
          [me.studentId, ...ids],
        )
      : []
  ) as AttemptRow[];
  const results = (
    ids.length > 0
      ? await knex('results as r')
          .join('results_student_lnk as rs', 'rs.result_id', 'r.id')
          .join('results_test_lnk as rt', 'rt.result_id', 'r.id')
          .join('results_attempt_lnk as ra', 'ra.result_id', 'r.id')
          .join('attempts as a', 'a.id', 'ra.attempt_id')
          .where('rs.student_id', me.studentId)
          .whereIn('rt.test_id', ids)
          .whereNotNull('a.end_date_time')
          .orderBy('r.id', 'asc')
          .select('rt.test_id', 'r.document_id')
      : []
  ) as Array<{ test_id: number; document_id: string }>;

  const now = Date.now();
  const data = tests.map((t) => {
    const mine = attempts.filter((a) => a.test_id === t.id);
    const practice = t.enable_practice_test === true;
    const counted = practice ? mine : mine.filter((a) => !toBool(a.is_practice_test));
    const open = mine.find((a) => {
      const expires = toDate(a.expires_at);
      return !a.end_date_time && expires !== null && expires.getTime() > now;
    });
    const last = results.filter((r) => r.test_id === t.id).pop();
    const max = t.max_attempts ?? 1;
    const from = toDate(t.ValidFrom);
    const to = toDate(t.ValidTo);
    return {
      documentId: t.documentId,
      TestName: t.TestName,
      Description: t.Description ?? null,
      TestDuration: t.TestDuration ?? null,
      MaximumMarks: toNumber(t.MaximumMarks),
      ValidFrom: iso(t.ValidFrom),
      ValidTo: iso(t.ValidTo),
      enable_practice_test: practice,
      max_attempts: max,
      attemptsUsed: counted.length,
      attemptsLeft: practice || max === 0 ? null : Math.max(0, max - counted.length),
      status: last ? 'attempted' : 'unattempted',
      openAttemptId: open?.document_id ?? null,
      lastResultId: last?.document_id ?? null,
      isOpen: (!from || from.getTime() <= now) && (!to || to.getTime() >= now),
      course: t.course
        ? { documentId: t.course.documentId, course_name: t.course.course_name }
        : null,
      test_category: t.test_category?.CategoryName ?? null,
      test_sub_category: t.test_sub_category?.TestSubCategory ?? null,
    };
  });
  return {
    data,
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
};
