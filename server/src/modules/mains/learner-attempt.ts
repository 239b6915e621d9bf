// Starting and reading a learner's Mains attempt: one answer per question, in one transaction;
// the deadline is computed from the work (deadlineOf).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import {
  insertReturningIds,
  iso,
  isPostgres,
  toDate,
  toNumber,
  systemColumns,
  documentIdOf,
  knexOf,
} from '../../platform/db/sql';
import { ANSWER_TYPE, resultRows } from './result-rows';
import {
  deadlineOf,
  filesOf,
  kindOf,
  lateMessage,
  loadWorks,
  visibleWork,
  windowRefusal,
  type Data,
  type Kind,
  type Work,
} from './work';
import { learnerOf } from './staff';
import type { AttemptRow } from './my-work';
import { attemptLink, learnerAttempts, workItems } from './my-work';
import { HttpError } from '../../platform/http/errors';
import { forLearner } from './learner-terms';
import { attemptAnswersQuery, insertBlankAnswers } from '../exam';

// ---------------------------------------------------------------------------------------------
// Start / read an attempt
export const ALREADY_SUBMITTED_WORK = 'You have already submitted this work.';
export const TIME_ENDED_WORK = 'Your time for this work ended before anything was uploaded.';

interface QuestionRow {
  id: number;
  documentId: string;
  question: string;
  question_type: string | null;
  subject: { documentId: string; name: string } | null;
  points_correct_answer: number | null;
}

const questionsOf = async (
  db: Knex | Knex.Transaction,
  kind: Kind,
  workId: number,
): Promise<QuestionRow[]> => {
  const lnk = kind === 'test' ? 'questions_test_lnk' : 'questions_assignment_lnk';
  const col = kind === 'test' ? 'test_id' : 'assignment_id';
  const rows = (await db(`${lnk} as l`)
    .join('questions as q', 'q.id', 'l.question_id')
    .leftJoin('questions_subject_lnk as qs', 'qs.question_id', 'q.id')
    .leftJoin('subjects as sub', 'sub.id', 'qs.subject_id')
    .where(`l.${col}`, workId)
    .orderBy('q.id', 'asc')
    .select(
      'q.id',
      'q.document_id',
      'q.question',
      'q.question_type',
      'q.points_correct_answer',
      'sub.document_id as subject_document_id',
      'sub.subject_name',
    )) as Data[];
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    question: String(r.question ?? ''),
    question_type: (r.question_type as string | null) ?? null,
    subject: r.subject_document_id
      ? { documentId: String(r.subject_document_id), name: String(r.subject_name ?? '') }
      : null,
    points_correct_answer: toNumber(r.points_correct_answer),
  }));
};

const questionShape = (q: QuestionRow): Data => ({
  documentId: q.documentId,
  question: q.question,
  question_type: q.question_type,
  subject: q.subject,
  points_correct_answer: q.points_correct_answer,
});

interface AnswerRow {
  id: number;
  documentId: string;
  question: string | null;
}

export const answersOfAttempt = async (
  db: Knex | Knex.Transaction,
  attemptId: number,
): Promise<AnswerRow[]> => {
  const rows = (await attemptAnswersQuery(db, attemptId).select(
    'a.id',
    'a.document_id',
    'q.document_id as question',
  )) as Data[];
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    question: (r.question as string | null) ?? null,
  }));
};

export const answerShapes = async (
  db: Knex | Knex.Transaction,
  answers: AnswerRow[],
): Promise<Data[]> => {
  const docs = await filesOf(
    db,
    ANSWER_TYPE,
    'answer_documents',
    answers.map((a) => a.id),
  );
  return answers.map((a) => ({
    documentId: a.documentId,
    question: a.question,
    documents: docs.get(a.id) ?? [],
  }));
};

const attemptShape = async (
  strapi: Core.Strapi,
  studentId: number,
  work: Work,
  attempt: AttemptRow,
  resumed: boolean,
): Promise<Data> => {
  const knex = knexOf(strapi);
  const [[item], questions, answers] = await Promise.all([
    workItems(strapi, studentId, work.kind, [work]),
    questionsOf(knex, work.kind, work.id),
    answersOfAttempt(knex, attempt.id),
  ]);
  const deadline = deadlineOf(work, attempt.start);
  const data: Data = {
    work: item,
    attempt: {
      documentId: attempt.documentId,
      start_date_time: iso(attempt.start),
      expires_at: iso(deadline),
    },
    questions: questions.map(questionShape),
    answers: await answerShapes(knex, answers),
    serverTime: new Date().toISOString(),
    resumed,
  };
  if (attempt.end) {
    const [result] = await resultRows(knex, work.kind, {
      workIds: [work.id],
      studentIds: [studentId],
    });
    data.submitted = true;
    data.resultId = result?.documentId ?? null;
  }
  return data;
};

/** POST /api/mains/start {kind, documentId} → 201 new / 200 resumed */
export const start = async (
  strapi: Core.Strapi,
  caller: Caller,
  body: Data,
): Promise<{ created: boolean; data: Data }> => {
  const me = learnerOf(caller);
  const kind = kindOf(body.kind);
  const knex = knexOf(strapi);
  // The learner's own terms (an accommodation's extra time and window) from here on.
  const [work] = await forLearner(knex, me.studentId, [
    await visibleWork(strapi, caller, kind, body.documentId),
  ]);
  const { lnk, col } = attemptLink(kind);
  const outcome = await knex.transaction(async (trx) => {
    if (isPostgres(trx)) {
      // One learner's starts are serialised: a double click creates one attempt.
      await trx('students').where({ id: me.studentId }).forUpdate().first('id');
    }
    const mine = await learnerAttempts(trx, kind, me.studentId, [work.id]);
    const [result] = await resultRows(trx, kind, {
      workIds: [work.id],
      studentIds: [me.studentId],
    });
    if (result) {
      throw new HttpError(409, ALREADY_SUBMITTED_WORK);
    }
    if (mine.some((a) => a.end !== null)) {
      throw new HttpError(409, TIME_ENDED_WORK); // closed by the expiry sweep, nothing uploaded
    }
    const open = mine.find((a) => a.end === null);
    if (open) {
      return { created: false, attempt: open };
    }
    const now = new Date();
    const refusal = windowRefusal(work, now);
    if (refusal) {
      throw refusal;
    }
    const questions = await questionsOf(trx, kind, work.id);
    if (questions.length === 0) {
      throw new HttpError(409, 'This work has no questions yet.');
    }
    const [attempt] = await insertReturningIds(trx, 'attempts', [
      {
        ...systemColumns(now),
        start_date_time: now,
        end_date_time: null,
        expires_at: null,
        is_practice_test: false,
        closed_by: null,
      },
    ]);
    await trx(lnk).insert({ attempt_id: attempt.id, [col]: work.id });
    await trx('attempts_student_lnk').insert({ attempt_id: attempt.id, student_id: me.studentId });
    await insertBlankAnswers(trx, {
      attemptId: attempt.id,
      studentId: me.studentId,
      work: { kind, id: work.id },
      questionIds: questions.map((q) => q.id),
      now,
    });
    if (kind === 'test') {
      // Spec 4: a test's Attempts counter goes up by 1 (as the exam's start does).
      await trx('tests')
        .where({ id: work.id })
        .update({ attempts: trx.raw('COALESCE(attempts, 0) + 1') });
    }
    return {
      created: true,
      attempt: {
        id: attempt.id,
        documentId: attempt.document_id,
        workId: work.id,
        start: now,
        end: null,
      } satisfies AttemptRow,
    };
  });
  return {
    created: outcome.created,
    data: await attemptShape(strapi, me.studentId, work, outcome.attempt, !outcome.created),
  };
};

export interface OwnAttempt {
  kind: Kind;
  work: Work;
  attempt: AttemptRow;
  /** Closed by the expiry sweep (expiry.ts): its time ran out, whatever else is asked of it. */
  expired: boolean;
}

/** The learner's own attempt of a Mains work by documentId, else 404. */
export const ownAttempt = async (
  strapi: Core.Strapi,
  studentId: number,
  documentIdInput: unknown,
): Promise<OwnAttempt> => {
  const documentId = documentIdOf(documentIdInput);
  const knex = knexOf(strapi);
  const row = documentId
    ? ((await knex('attempts as a')
        .join('attempts_student_lnk as s', 's.attempt_id', 'a.id')
        .leftJoin('attempts_test_lnk as t', 't.attempt_id', 'a.id')
        .leftJoin('attempts_assignment_lnk as g', 'g.attempt_id', 'a.id')
        .where('a.document_id', documentId)
        .where('s.student_id', studentId)
        .whereNull('a.expires_at')
        .first(
          'a.id',
          'a.document_id',
          'a.start_date_time',
          'a.end_date_time',
          'a.closed_by',
          't.test_id',
          'g.assignment_id',
        )) as Data | undefined)
    : undefined;
  const kind: Kind | null = row?.test_id ? 'test' : row?.assignment_id ? 'assignment' : null;
  if (!row || !kind) {
    throw new HttpError(404, 'Unknown attempt.');
  }
  const workId = Number(kind === 'test' ? row.test_id : row.assignment_id);
  const [work] = await forLearner(knex, studentId, await loadWorks(strapi, kind, [workId]));
  if (!work) {
    throw new HttpError(404, 'Unknown attempt.');
  }
  return {
    kind,
    work,
    expired: row.closed_by === 'expiry',
    attempt: {
      id: Number(row.id),
      documentId: String(row.document_id),
      workId,
      start: toDate(row.start_date_time),
      end: toDate(row.end_date_time),
    },
  };
};

/** GET /api/mains/attempts/:attemptId */
export const readAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  attemptId: unknown,
): Promise<Data> => {
  const me = learnerOf(caller);
  const { work, attempt } = await ownAttempt(strapi, me.studentId, attemptId);
  return attemptShape(strapi, me.studentId, work, attempt, true);
};

/** Refuses a change after the attempt's deadline (+ the exam's grace for a late network). */
export const assertBeforeDeadline = (work: Work, attempt: AttemptRow, now: Date): void => {
  const deadline = deadlineOf(work, attempt.start);
  if (deadline && now.getTime() > deadline.getTime() + GRACE_MS) {
    throw new HttpError(403, lateMessage(work, deadline));
  }
};
