// Starting or resuming an attempt (POST /api/test/prelims/initialize).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { UID } from '../../access/rules';
import { closeExpiredAttempts } from './close';
import { examWriteGate } from '../../platform/http/write-gate';
import {
  insertLinks,
  insertReturningIds,
  insertRowWithLinks,
  isPostgres,
  sqlRows,
  toBool,
  toDate,
  systemColumns,
  documentIdOf,
  knexOf,
} from '../../platform/db/sql';
import type { AttemptRow, Data, TestRow } from './attempt-rows';
import {
  STUDENT_ATTEMPTS_SQL,
  TEST_SELECT,
  findReadable,
  learner,
  learnerShape,
  openShape,
} from './attempt-rows';
import { HttpError } from '../../platform/http/errors';
import { slotId, slotsJson } from './answer-slots';
import { testPayload } from './test-payload';
import { newShuffleSeed } from './shuffle';
import { newPlan, sectionOfSubject } from './section-plan';
import { termsForLearner } from './accommodations';
import { drawForAttempt } from './draws';

/** Which kind of attempt the learner starts (issue 23): scored unless they ask for practice. */
export type AttemptMode = 'practice' | 'scored';

export const attemptModeOf = (value: unknown): AttemptMode => {
  if (value === undefined || value === null || value === '' || value === 'scored') {
    return 'scored';
  }
  if (value === 'practice') {
    return 'practice';
  }
  throw new HttpError(400, "mode must be 'practice' or 'scored'.");
};

// ---------------------------------------------------------------------------------------------
// Initialize

/** The learner's attempts of one test (a handful), oldest first; filtered in code, not in SQL. */
export const myAttemptsForTest = (
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

/**
 * The new attempt, its two links and (a scored attempt) the test's count of attempts. On
 * PostgreSQL one statement (data-modifying CTEs): four round trips, three of them compiled by
 * knex's query builder, cost the server ~1.5 ms of CPU per start (bench/exam-load --db=postgres).
 * The columns are this module's own (attemptRow), never a request's.
 */
const insertAttempt = async (
  trx: Knex.Transaction,
  row: Record<string, unknown>,
  testId: number,
  studentId: number,
  counted: boolean,
): Promise<{ id: number; document_id: string }> => {
  const count = 'UPDATE tests SET attempts = COALESCE(attempts, 0) + 1 WHERE id = ?';
  if (isPostgres(trx)) {
    const [made] = await insertRowWithLinks<{ id: number | string; document_id: string }>(trx, {
      table: 'attempts',
      row,
      returning: ['id', 'document_id'],
      idColumn: 'attempt_id',
      links: [
        { table: 'attempts_test_lnk', column: 'test_id', value: testId },
        { table: 'attempts_student_lnk', column: 'student_id', value: studentId },
      ],
      after: counted ? { sql: `c AS (${count})`, bindings: [testId] } : undefined,
    });
    if (!made) throw new Error('The attempt was not written.');
    return { id: Number(made.id), document_id: made.document_id };
  }
  const [attempt] = await insertReturningIds(trx, 'attempts', [row]);
  await insertLinks(trx, 'attempts_test_lnk', [{ attempt_id: attempt.id, test_id: testId }]);
  await insertLinks(trx, 'attempts_student_lnk', [
    { attempt_id: attempt.id, student_id: studentId },
  ]);
  if (counted) await sqlRows(trx, count, [testId]);
  return attempt;
};

export const isOpen = (a: AttemptRow): boolean =>
  a.end_date_time === null || a.end_date_time === undefined;

export const initialize = (
  strapi: Core.Strapi,
  caller: Caller,
  testIdInput: unknown,
  modeInput?: unknown,
): Promise<{ created: boolean; data: Data }> =>
  examWriteGate.run(() => startAttempt(strapi, caller, testIdInput, modeInput));

const startAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  testIdInput: unknown,
  modeInput: unknown,
): Promise<{ created: boolean; data: Data }> => {
  const me = learner(caller);
  const documentId = documentIdOf(testIdInput);
  if (!documentId) {
    throw new HttpError(400, 'Send the testId (documentId) of the test.');
  }
  const mode = attemptModeOf(modeInput);
  const test = await findReadable<TestRow>(strapi, caller, UID.test, documentId, TEST_SELECT);
  if (!test) {
    throw new HttpError(404, 'Unknown test.');
  }
  const now = new Date();
  const knex = knexOf(strapi);
  // The learner's accommodation (issue 23) may change the window, the duration and the attempts.
  const terms = await termsForLearner(knex, me.studentId, test);
  const { from, to } = terms;
  if (from && now < from) {
    throw new HttpError(403, `This test opens on ${from.toISOString()}.`);
  }
  if (to && now > to) {
    throw new HttpError(403, `This test closed on ${to.toISOString()}.`);
  }
  // The test's learner-facing part, the same for every learner (cached per version: test-payload.ts).
  const payload = await testPayload(knex, test.id);
  if (payload.mains) {
    // Mains answers are uploaded and evaluated by faculty (src/modules/mains), never auto-marked.
    throw new HttpError(409, 'This is a Mains test: open it from your Mains tests.');
  }
  // An attempt of this test left open past its expiry is closed (and marked) first.
  const expired = (await myAttemptsForTest(knex, me.studentId, test.id)).filter((a) => {
    const expires = toDate(a.expires_at);
    return isOpen(a) && expires !== null && expires <= now;
  });
  if (expired.length > 0) {
    await closeExpiredAttempts(strapi, { graceMs: 0, attemptIds: expired.map((a) => a.id) });
  }

  const practice = mode === 'practice';
  if (practice && test.enable_practice_test !== true) {
    throw new HttpError(400, 'This test has no practice mode: start the test itself.');
  }
  const options = payload.options;
  const durationMinutes = terms.durationMinutes;
  const shuffleSeed = newShuffleSeed(payload.shuffle);
  const outcome = await knex.transaction(async (trx) => {
    if (isPostgres(trx)) {
      // One learner's starts are serialised: a double click creates at most one attempt.
      await trx('students').where({ id: me.studentId }).forUpdate().first('id');
    }
    const start = new Date();
    const mine = await myAttemptsForTest(trx, me.studentId, test.id);
    const running = mine.filter((a) => {
      const expires = toDate(a.expires_at);
      return isOpen(a) && expires !== null && expires > start;
    });
    const open = running.filter((a) => toBool(a.is_practice_test) === practice).pop();
    if (!open && running.length > 0) {
      // One attempt of a test at a time: the learner finishes the other kind first.
      throw new HttpError(
        409,
        practice
          ? 'You have a test attempt in progress: submit it before you practise.'
          : 'You have a practice attempt in progress: submit it before you start the test.',
      );
    }
    if (open) {
      // Resumed even when the course was deactivated meanwhile: an attempt already running
      // finishes (saves and submit too), only new attempts are refused (issue 18).
      return { created: false, attempt: open, questions: [], answers: [] };
    }
    const [course] = await sqlRows<{ is_active: unknown }>(trx, COURSE_ACTIVE_SQL, [test.id]);
    if (course && course.is_active !== null && !toBool(course.is_active)) {
      throw new HttpError(403, 'This course is not active: its tests cannot be started.');
    }
    // Issue 26: the sections' random draws from the pool, this learner's own, after the test's
    // questions (draws.ts); a 409 when the pool has too few left.
    const drawn = await drawForAttempt(trx, test.id, options.sections);
    const questions =
      drawn.questions.length > 0 ? [...payload.questions, ...drawn.questions] : payload.questions;
    const questionIds = questions.map((q) => q.id);
    if (questionIds.length === 0) {
      throw new HttpError(409, 'This test has no questions yet.');
    }
    if (!practice) {
      const limit = terms.maxAttempts;
      const used = mine.filter((a) => !toBool(a.is_practice_test)).length;
      if (limit > 0 && used >= limit) {
        throw new HttpError(403, `You have used all ${limit} attempt(s) of this test.`);
      }
    } else if (options.maxPracticeAttempts !== null) {
      // Practice is never counted against max_attempts; only its own optional limit applies.
      const used = mine.filter((a) => toBool(a.is_practice_test)).length;
      if (used >= options.maxPracticeAttempts) {
        throw new HttpError(
          403,
          `You have used all ${options.maxPracticeAttempts} practice attempt(s) of this test.`,
        );
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
      throw new HttpError(409, 'This test has no duration yet.');
    }
    // Sections (issue 23): each question's section by its subject (one no section lists goes to
    // the last, so no question is ever lost; publishing refuses that case), and the plan of this
    // attempt with the learner's duration shared in proportion to the section minutes.
    const defs = options.sections;
    const plan =
      defs && durationMinutes
        ? newPlan(defs, options.sectionsFixedOrder, durationMinutes * 60_000, start)
        : null;
    const sectionOfQuestion = plan
      ? payload.questions
          .map((q) => {
            const subject =
              (q.view.subject as { SubjectName?: string } | null)?.SubjectName ?? null;
            const index = sectionOfSubject(defs ?? [], subject);
            return index < 0 ? plan.list.length - 1 : index;
          })
          .concat(drawn.sections)
      : null;
    const sectionColumns = {
      section_plan: plan ? JSON.stringify(plan) : null,
      section_index: plan ? 0 : null,
      section_ends_at: plan ? new Date(start.getTime() + (plan.list[0]?.ms ?? 0)) : null,
      section_grace_until: null,
    };
    const attemptRow = {
      ...systemColumns(start),
      start_date_time: start,
      end_date_time: null,
      expires_at: expiresAt,
      is_practice_test: practice,
      closed_by: null,
      shuffle_seed: shuffleSeed,
      ...sectionColumns,
      // The answer rows are written lazily (answer-slots.ts): the first save of a question writes
      // its row, the close writes the rest; the attempt keeps which questions it has.
      answer_slots: slotsJson({ q: questionIds, s: sectionOfQuestion }),
    };
    const attempt = await insertAttempt(trx, attemptRow, test.id, me.studentId, !practice);
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
      shuffle_seed: shuffleSeed,
      ...sectionColumns,
      answer_slots: attemptRow.answer_slots,
    };
    // The blank answers in question order, as answersOf reads them back (answer-slots.ts withSlots).
    const answerList = questions.map((q, index) => ({
      documentId: slotId(attempt.document_id, index),
      question: q.view.documentId,
      selected_answer: null,
      mark_as_important: false,
      revision: 0,
      checked: false,
      section: sectionOfQuestion?.[index] ?? null,
    }));
    return { created: true, attempt: row, questions, answers: answerList };
  });
  if (!outcome.created) {
    return { created: false, data: await openShape(strapi, test, outcome.attempt, true) };
  }
  return {
    created: true,
    data: learnerShape(test, outcome.attempt, outcome.questions, outcome.answers, false),
  };
};
