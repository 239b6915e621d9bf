import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { readScope } from '../../access/rules';
import { GRACE_MS } from '../exam/close';
import {
  insertLinks,
  insertReturningIds,
  iso,
  isPostgres,
  shareLock,
  sqlRows,
  systemColumns,
  toDate,
  toNumber,
} from '../exam/sql';
import { mainsStatus } from './status';
import {
  ANSWER_TYPE,
  deadlineOf,
  documentIdOf,
  evaluationRows,
  evaluationShapes,
  filesOf,
  kindOf,
  knexOf,
  lateMessage,
  learnerOf,
  loadWorks,
  MainsError,
  mainsWorkIds,
  pagination,
  positiveInt,
  resultRows,
  statusEvaluations,
  subjectsShape,
  uidOf,
  unknownWork,
  visibleWork,
  windowRefusal,
  type Data,
  type FileShape,
  type Kind,
  type ResultRow,
  type Work,
} from './work';

/**
 * The learner's side of Mains work (issue 8): the list of visible work, start (attempt + one
 * answer per question in bulk, one transaction), answer documents (PDF or images, checked by
 * content), submit (closes the attempt and its answers, creates the result, marks an assignment
 * attempted). Mains attempts have no `expires_at`: the exam's sweep (src/lib/exam/close.ts) never
 * closes or marks them; their deadline is computed from the work (deadlineOf).
 */
const ALREADY_SUBMITTED_WORK = 'You have already submitted this work.';

const attemptLink = (kind: Kind): { lnk: string; col: string } =>
  kind === 'test'
    ? { lnk: 'attempts_test_lnk', col: 'test_id' }
    : { lnk: 'attempts_assignment_lnk', col: 'assignment_id' };

interface AttemptRow {
  id: number;
  documentId: string;
  workId: number;
  start: Date | null;
  end: Date | null;
}

const learnerAttempts = async (
  db: Knex | Knex.Transaction,
  kind: Kind,
  studentId: number,
  workIds: number[],
): Promise<AttemptRow[]> => {
  if (workIds.length === 0) {
    return [];
  }
  const { lnk, col } = attemptLink(kind);
  const rows = (await db('attempts as a')
    .join(`${lnk} as w`, 'w.attempt_id', 'a.id')
    .join('attempts_student_lnk as s', 's.attempt_id', 'a.id')
    .where('s.student_id', studentId)
    .whereIn(`w.${col}`, workIds)
    .orderBy('a.id', 'asc')
    .select(
      'a.id',
      'a.document_id',
      `w.${col} as work_id`,
      'a.start_date_time',
      'a.end_date_time',
    )) as Data[];
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    workId: Number(r.work_id),
    start: toDate(r.start_date_time),
    end: toDate(r.end_date_time),
  }));
};

const questionCounts = async (
  db: Knex,
  kind: Kind,
  workIds: number[],
): Promise<Map<number, number>> => {
  if (workIds.length === 0) {
    return new Map();
  }
  const lnk = kind === 'test' ? 'questions_test_lnk' : 'questions_assignment_lnk';
  const col = kind === 'test' ? 'test_id' : 'assignment_id';
  const rows = (await db(lnk)
    .whereIn(col, workIds)
    .groupBy(col)
    .select(`${col} as work_id`)
    .count({ n: 'question_id' })) as Array<{ work_id: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.work_id), Number(r.n)]));
};

/** The contract's WorkItem for a learner. */
const workItems = async (
  strapi: Core.Strapi,
  studentId: number,
  kind: Kind,
  works: Work[],
): Promise<Data[]> => {
  const knex = knexOf(strapi);
  const ids = works.map((w) => w.id);
  const [attempts, results, counts] = await Promise.all([
    learnerAttempts(knex, kind, studentId, ids),
    ids.length > 0 ? resultRows(knex, kind, { workIds: ids, studentIds: [studentId] }) : [],
    questionCounts(knex, kind, ids),
  ]);
  const evaluations = await evaluationRows(knex, { resultIds: results.map((r) => r.id) });
  const published = evaluations.filter(
    (e) => results.find((r) => r.id === e.resultId)?.is_published === true,
  );
  const shapes = await evaluationShapes(knex, published);
  const now = new Date();
  return works.map((work) => {
    const result = results.find((r) => r.workId === work.id) ?? null; // newest first
    const mine = attempts.filter((a) => a.workId === work.id);
    const open = [...mine].reverse().find((a) => a.end === null) ?? null;
    const ended = mine.find((a) => a.end !== null) ?? null;
    const state = result || ended ? 'submitted' : open ? 'in-progress' : 'not-started';
    const evals = evaluations.filter((e) => result && e.resultId === result.id);
    const { status } = mainsStatus({
      result: result ? { is_published: result.is_published } : null,
      subjects: work.subjects,
      evaluations: statusEvaluations(evals),
    });
    let reason: string | null = null;
    if (state === 'submitted') {
      reason = 'You have already submitted this work.';
    } else if (state === 'in-progress') {
      const deadline = deadlineOf(work, open?.start ?? null);
      if (deadline && now.getTime() > deadline.getTime() + GRACE_MS) {
        reason = lateMessage(work, deadline);
      }
    } else {
      reason = windowRefusal(work, now)?.message ?? null;
      if (!reason && (counts.get(work.id) ?? 0) === 0) {
        reason = 'This work has no questions yet.';
      }
    }
    const isPublished = result?.is_published === true;
    return {
      kind,
      documentId: work.documentId,
      name: work.name,
      description: work.description,
      courseName: work.courseName,
      subjects: subjectsShape(work),
      opensAt: iso(work.opensAt),
      closesAt: iso(work.closesAt),
      durationMinutes: work.durationMinutes,
      maximumMarks: work.maximumMarks,
      attachments: work.attachments,
      attemptId: (open ?? ended)?.documentId ?? null,
      state,
      submittedAt: result?.submittedAt ?? iso(ended?.end ?? null),
      status,
      canStart: reason === null,
      reason,
      resultId: result?.documentId ?? null,
      totalMarks: isPublished ? result.total_marks : null,
      evaluations: isPublished
        ? published
            .filter((e) => e.resultId === result.id)
            .map((e) => {
              const shape = shapes.get(e.id) ?? {};
              return {
                subject: shape.subject ?? null,
                total_marks: e.total_marks,
                evaluation_document: shape.evaluation_document ?? null,
              };
            })
        : [],
    };
  });
};

/** GET /api/mains/my-work?kind&page&pageSize */
export const myWork = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Data,
): Promise<{ data: Data[]; meta: Data }> => {
  const me = learnerOf(caller);
  const kind = kindOf(query.kind ?? 'test');
  const page = positiveInt(query.page, 1, 100_000);
  const pageSize = positiveInt(query.pageSize, 25, 100);
  const scope = await readScope(caller, uidOf(kind));
  const ids = await mainsWorkIds(strapi, kind, scope ?? {});
  const pageIds = ids.slice((page - 1) * pageSize, page * pageSize);
  const works = await loadWorks(strapi, kind, pageIds);
  return {
    data: await workItems(strapi, me.studentId, kind, works),
    meta: pagination(page, pageSize, ids.length),
  };
};

// ---------------------------------------------------------------------------------------------
// Start / read an attempt

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

const answersOfAttempt = async (
  db: Knex | Knex.Transaction,
  attemptId: number,
): Promise<AnswerRow[]> => {
  const rows = (await db('answers_attempt_lnk as aa')
    .join('answers as a', 'a.id', 'aa.answer_id')
    .leftJoin('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
    .leftJoin('questions as q', 'q.id', 'aq.question_id')
    .where('aa.attempt_id', attemptId)
    .orderBy('q.id', 'asc')
    .orderBy('a.id', 'asc')
    .select('a.id', 'a.document_id', 'q.document_id as question')) as Data[];
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
  const work = await visibleWork(strapi, caller, kind, body.documentId);
  const knex = knexOf(strapi);
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
    if (result || mine.some((a) => a.end !== null)) {
      throw new MainsError(409, ALREADY_SUBMITTED_WORK);
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
      throw new MainsError(409, 'This work has no questions yet.');
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
    const answerRows: Array<Record<string, unknown>> = questions.map(() => ({
      ...systemColumns(now),
      selected_answer: null,
      mark_as_important: false,
      start_date_time: now,
      end_date_time: null,
      points: null,
      revision: 0,
    }));
    const inserted = await insertReturningIds(trx, 'answers', answerRows);
    const index = new Map(answerRows.map((r, i) => [String(r.document_id), i]));
    const linked = inserted.map((a) => ({
      id: a.id,
      q: questions[index.get(a.document_id) ?? 0].id,
    }));
    const answerLnk = kind === 'test' ? 'answers_test_lnk' : 'answers_assignment_lnk';
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
      answerLnk,
      linked.map((a) => ({ answer_id: a.id, [col]: work.id })),
    );
    await insertLinks(
      trx,
      'answers_student_lnk',
      linked.map((a) => ({ answer_id: a.id, student_id: me.studentId })),
    );
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

interface OwnAttempt {
  kind: Kind;
  work: Work;
  attempt: AttemptRow;
}

/** The learner's own attempt of a Mains work by documentId, else 404. */
const ownAttempt = async (
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
          't.test_id',
          'g.assignment_id',
        )) as Data | undefined)
    : undefined;
  const kind: Kind | null = row?.test_id ? 'test' : row?.assignment_id ? 'assignment' : null;
  if (!row || !kind) {
    throw new MainsError(404, 'Unknown attempt.');
  }
  const workId = Number(kind === 'test' ? row.test_id : row.assignment_id);
  const [work] = await loadWorks(strapi, kind, [workId]);
  if (!work) {
    throw new MainsError(404, 'Unknown attempt.');
  }
  return {
    kind,
    work,
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
const assertBeforeDeadline = (work: Work, attempt: AttemptRow, now: Date): void => {
  const deadline = deadlineOf(work, attempt.start);
  if (deadline && now.getTime() > deadline.getTime() + GRACE_MS) {
    throw new MainsError(403, lateMessage(work, deadline));
  }
};

/** The Mains deadline of the attempt of an answer (null: not a Mains attempt; deadline null: none). */
export const mainsAnswerDeadline = async (
  strapi: Core.Strapi,
  answerDocumentId: string,
): Promise<{ deadline: Date | null; message: string } | null> => {
  const knex = knexOf(strapi);
  const row = (await knex('answers as a')
    .join('answers_attempt_lnk as aa', 'aa.answer_id', 'a.id')
    .join('attempts as t', 't.id', 'aa.attempt_id')
    .leftJoin('attempts_test_lnk as at', 'at.attempt_id', 't.id')
    .leftJoin('attempts_assignment_lnk as ag', 'ag.attempt_id', 't.id')
    .where('a.document_id', answerDocumentId)
    .whereNull('t.expires_at')
    .first('t.start_date_time', 'at.test_id', 'ag.assignment_id')) as Data | undefined;
  const kind: Kind | null = row?.test_id ? 'test' : row?.assignment_id ? 'assignment' : null;
  if (!row || !kind) {
    return null;
  }
  const [work] = await loadWorks(strapi, kind, [
    Number(kind === 'test' ? row.test_id : row.assignment_id),
  ]);
  const deadline = work ? deadlineOf(work, toDate(row.start_date_time)) : null;
  if (!work) {
    return null;
  }
  return { deadline, message: deadline ? lateMessage(work, deadline) : '' };
};

// ---------------------------------------------------------------------------------------------
// Answer documents

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;

interface OwnAnswer extends OwnAttempt {
  answerId: number;
  answerDocumentId: string;
}

const ownAnswer = async (
  strapi: Core.Strapi,
  studentId: number,
  answerIdInput: unknown,
): Promise<OwnAnswer> => {
  const documentId = documentIdOf(answerIdInput);
  const knex = knexOf(strapi);
  const row = documentId
    ? ((await knex('answers as a')
        .join('answers_student_lnk as s', 's.answer_id', 'a.id')
        .join('answers_attempt_lnk as aa', 'aa.answer_id', 'a.id')
        .join('attempts as t', 't.id', 'aa.attempt_id')
        .where('a.document_id', documentId)
        .where('s.student_id', studentId)
        .first('a.id', 't.document_id as attempt')) as Data | undefined)
    : undefined;
  if (!row) {
    throw new MainsError(404, 'Unknown answer.');
  }
  let owned: OwnAttempt;
  try {
    owned = await ownAttempt(strapi, studentId, row.attempt);
  } catch {
    throw new MainsError(404, 'Unknown answer.');
  }
  return { ...owned, answerId: Number(row.id), answerDocumentId: String(documentId) };
};

const assertOpen = (owned: OwnAttempt, now: Date): void => {
  if (owned.attempt.end) {
    throw new MainsError(409, ALREADY_SUBMITTED_WORK);
  }
  assertBeforeDeadline(owned.work, owned.attempt, now);
};

const documentsOfAnswer = async (db: Knex | Knex.Transaction, answerId: number) =>
  (await filesOf(db, ANSWER_TYPE, 'answer_documents', [answerId])).get(answerId) ?? [];

/**
 * Runs a change of an attempt's answer documents in one transaction, only while the attempt is
 * open (issue 18): the attempt row is read with a share lock (PostgreSQL), so the change and the
 * submit of that attempt are serialised, as an answer save and the Prelims submit are. False
 * (nothing changed) when the attempt has been submitted meanwhile.
 */
const changeDocuments = (
  knex: Knex,
  attemptId: number,
  change: (trx: Knex.Transaction) => Promise<void>,
): Promise<boolean> =>
  knex.transaction(async (trx) => {
    const open = await sqlRows(
      trx,
      `SELECT id FROM attempts WHERE id = ? AND end_date_time IS NULL${shareLock(trx)}`,
      [attemptId],
    );
    if (open.length !== 1) {
      return false;
    }
    await change(trx);
    return true;
  });

/** Removes files stored for a change that was then refused (they are linked to nothing). */
const removeStored = async (strapi: Core.Strapi, ids: number[]): Promise<void> => {
  const upload = strapi.plugin('upload').service('upload') as unknown as {
    remove(file: unknown): Promise<unknown>;
  };
  for (const id of ids) {
    try {
      const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id } });
      if (file) {
        await upload.remove(file);
      }
    } catch (error) {
      strapi.log.warn(`An unlinked answer document (file ${id}) was not removed: ${String(error)}`);
    }
  }
};

/** An uploaded file as the body parser leaves it. */
export interface IncomingFile {
  filepath: string;
  originalFilename?: string | null;
  name?: string | null;
  size: number;
  mimetype?: string | null;
  type?: string | null;
}

/** Uploads the files with the upload plugin; returns their ids. */
export type StoreFiles = (files: IncomingFile[]) => Promise<number[]>;

/** POST /api/mains/answers/:answerId/documents (multipart `files`) */
export const addDocuments = async (
  strapi: Core.Strapi,
  caller: Caller,
  answerIdInput: unknown,
  files: IncomingFile[],
  check: (files: IncomingFile[]) => Promise<void>,
  store: StoreFiles,
): Promise<Data> => {
  const me = learnerOf(caller);
  const owned = await ownAnswer(strapi, me.studentId, answerIdInput);
  assertOpen(owned, new Date());
  const knex = knexOf(strapi);
  const before = await documentsOfAnswer(knex, owned.answerId);
  if (files.length === 0) {
    throw new MainsError(400, 'Choose at least one file to upload (field "files").');
  }
  if (before.length + files.length > MAX_DOCUMENTS) {
    throw new MainsError(400, `An answer can have at most ${MAX_DOCUMENTS} documents.`);
  }
  await check(files);
  const ids = await store(files);
  const added = await changeDocuments(knex, owned.attempt.id, async (trx) => {
    const last = (await trx('files_related_mph')
      .where({ related_id: owned.answerId, related_type: ANSWER_TYPE, field: 'answer_documents' })
      .max({ m: 'order' })
      .first()) as { m: number | string | null } | undefined;
    const base = Number(last?.m ?? 0);
    await trx('files_related_mph').insert(
      ids.map((fileId, i) => ({
        file_id: fileId,
        related_id: owned.answerId,
        related_type: ANSWER_TYPE,
        field: 'answer_documents',
        order: base + i + 1,
      })),
    );
  });
  if (!added) {
    await removeStored(strapi, ids);
    throw new MainsError(409, ALREADY_SUBMITTED_WORK);
  }
  return {
    documentId: owned.answerDocumentId,
    documents: await documentsOfAnswer(knex, owned.answerId),
  };
};

/** DELETE /api/mains/answers/:answerId/documents/:fileId */
export const removeDocument = async (
  strapi: Core.Strapi,
  caller: Caller,
  answerIdInput: unknown,
  fileIdInput: unknown,
): Promise<Data> => {
  const me = learnerOf(caller);
  const owned = await ownAnswer(strapi, me.studentId, answerIdInput);
  assertOpen(owned, new Date());
  const fileId = Number(fileIdInput);
  const knex = knexOf(strapi);
  let removed = 0;
  const open = await changeDocuments(knex, owned.attempt.id, async (trx) => {
    removed = Number.isInteger(fileId)
      ? await trx('files_related_mph')
          .where({
            related_id: owned.answerId,
            related_type: ANSWER_TYPE,
            field: 'answer_documents',
            file_id: fileId,
          })
          .delete()
      : 0;
  });
  if (!open) {
    throw new MainsError(409, ALREADY_SUBMITTED_WORK);
  }
  if (removed === 0) {
    throw new MainsError(404, 'Unknown file.');
  }
  return {
    documentId: owned.answerDocumentId,
    documents: await documentsOfAnswer(knex, owned.answerId),
  };
};

// ---------------------------------------------------------------------------------------------
// Submit

const resultSummary = (row: ResultRow, status: string): Data => ({
  documentId: row.documentId,
  status,
  submittedAt: row.submittedAt,
});

/** POST /api/mains/submit {attemptId} */
export const submit = async (strapi: Core.Strapi, caller: Caller, body: Data): Promise<Data> => {
  const me = learnerOf(caller);
  const owned = await ownAttempt(strapi, me.studentId, body.attemptId);
  const { kind, work, attempt } = owned;
  const knex = knexOf(strapi);
  const existing = async (db: Knex | Knex.Transaction): Promise<ResultRow | undefined> =>
    (await resultRows(db, kind, { workIds: [work.id], studentIds: [me.studentId] })).find(
      (r) => r.attemptId === attempt.id,
    );
  if (attempt.end) {
    const result = await existing(knex);
    if (result) {
      return { result: resultSummary(result, await statusOf(knex, work, result)) };
    }
    throw new MainsError(409, 'This attempt has no result.');
  }
  const now = new Date();
  assertBeforeDeadline(work, attempt, now);
  const answers = await answersOfAttempt(knex, attempt.id);
  await knex.transaction(async (trx) => {
    const won = await trx('attempts')
      .where({ id: attempt.id })
      .whereNull('end_date_time')
      .update({ end_date_time: now, closed_by: 'learner', updated_at: now });
    if (won !== 1) {
      return; // a concurrent submit won: its result is returned below
    }
    // The documents are read after the close holds the attempt row (issue 18): an upload or a
    // removal of this attempt (changeDocuments) waits for it, so the rule is checked on what is
    // submitted. Refused: the transaction rolls back and the attempt stays open.
    const docs = await filesOf(
      trx,
      ANSWER_TYPE,
      'answer_documents',
      answers.map((a) => a.id),
    );
    if (![...docs.values()].some((list) => list.length > 0)) {
      throw new MainsError(400, 'Upload at least one answer document before submitting.');
    }
    await trx('answers')
      .whereIn(
        'id',
        answers.map((a) => a.id),
      )
      .whereNull('end_date_time')
      .update({ end_date_time: now, updated_at: now });
    const system = systemColumns(now);
    const [result] = await insertReturningIds(trx, 'results', [
      { ...system, total_marks: null, is_published: false },
    ]);
    const { col } = attemptLink(kind);
    await trx(kind === 'test' ? 'results_test_lnk' : 'results_assignment_lnk').insert({
      result_id: result.id,
      [col]: work.id,
    });
    await trx('results_student_lnk').insert({ result_id: result.id, student_id: me.studentId });
    await trx('results_attempt_lnk').insert({ result_id: result.id, attempt_id: attempt.id });
    await insertLinks(
      trx,
      'results_answers_lnk',
      answers.map((a, i) => ({ result_id: result.id, answer_id: a.id, answer_ord: i + 1 })),
    );
    if (kind === 'assignment') {
      await trx('assignments').where({ id: work.id }).update({ is_attempted: true });
    }
  });
  for (let i = 0; i < 20; i += 1) {
    const result = await existing(knex);
    if (result) {
      return { result: resultSummary(result, await statusOf(knex, work, result)) };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new MainsError(409, 'This attempt has no result.');
};

const statusOf = async (db: Knex, work: Work, result: ResultRow): Promise<string> =>
  mainsStatus({
    result: { is_published: result.is_published },
    subjects: work.subjects,
    evaluations: statusEvaluations(await evaluationRows(db, { resultIds: [result.id] })),
  }).status;

export type { FileShape };
export { unknownWork };
