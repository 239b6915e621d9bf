// Re-check requests (issue 27). After publication, within the test's window (`recheck_days`,
// default 7, counted from the publication), a learner asks for a re-check of one question of their
// script with a reason; one open request per question. The faculty member who marked it (or an
// administrator) answers by keeping or changing the mark, with a comment; a change goes through
// the same per-question rules as marking (bounds, halves, rubric levels), the subject and result
// totals are recomputed (ranks and the reports follow the totals), and the learner is notified.
// Every step is kept in the request's history (who, when, old → new, comment): staff see it, the
// learner sees it for their own requests only (these rows have no REST/GraphQL grant at all).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import {
  documentIdOf,
  insertReturningIds,
  iso,
  jsonListOf,
  knexOf,
  systemColumns,
  toDate,
} from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { learnerUsers, notify } from '../notifications';
import { recomputeTotal } from './evaluation';
import { applyQuestionMarks, questionTotal, subjectQuestions } from './question-marks';
import { evaluationRows, findResult, type EvaluationRow } from './result-rows';
import { loadWorks, positiveInt, type Data, type Work } from './work';

export const RECHECKS_TABLE = 'recheck_requests';
export const REASON_MIN = 10;
export const REASON_MAX = 1000;
export const COMMENT_MIN = 3;
export const COMMENT_MAX = 2000;
export const DEFAULT_DAYS = 7;
const DAY = 86_400_000;

interface HistoryEntry {
  at: string;
  by: string;
  role: string;
  action: 'requested' | 'kept' | 'changed';
  old?: number | null;
  new?: number | null;
  comment?: string;
  reason?: string;
}

interface RequestRow {
  id: number;
  documentId: string;
  resultId: number;
  studentId: number;
  evaluationId: number;
  questionId: number;
  reason: string;
  status: 'open' | 'kept' | 'changed';
  history: HistoryEntry[];
  createdAt: string | null;
}

const readHistory = (value: unknown): HistoryEntry[] => jsonListOf(value) as HistoryEntry[];

const toRow = (r: Data): RequestRow => ({
  id: Number(r.id),
  documentId: String(r.document_id),
  resultId: Number(r.result_id),
  studentId: Number(r.student_id),
  evaluationId: Number(r.evaluation_id),
  questionId: Number(r.question_id),
  reason: String(r.reason ?? ''),
  status: r.status === 'kept' || r.status === 'changed' ? r.status : 'open',
  history: readHistory(r.history),
  createdAt: iso(r.created_at),
});

const nameOf = async (db: Knex | Knex.Transaction, userId: number): Promise<string> => {
  const u = (await db('up_users').where('id', userId).first('username', 'email')) as
    { username: string | null; email: string | null } | undefined;
  return u?.username ?? u?.email ?? 'someone';
};

/** The window of a work in days (tests: `recheck_days`; assignments: the default). */
const windowDays = async (db: Knex, work: Work): Promise<number> => {
  if (work.kind !== 'test') return DEFAULT_DAYS;
  const row = (await db('tests').where('id', work.id).first('recheck_days')) as
    { recheck_days: unknown } | undefined;
  const n = Number(row?.recheck_days);
  return row?.recheck_days === null || row?.recheck_days === undefined || !Number.isFinite(n)
    ? DEFAULT_DAYS
    : n;
};

/** POST /api/mains/rechecks {resultId, questionId, reason} (the learner). */
export const requestRecheck = async (strapi: Core.Strapi, caller: Caller, body: Data) => {
  if (caller.kind !== 'user' || caller.role !== 'student' || caller.studentId === null) {
    throw new HttpError(403, 'Only a learner asks for a re-check of their own script.');
  }
  const knex = knexOf(strapi);
  const resultDoc = documentIdOf(body.resultId);
  const found = resultDoc ? await findResult(knex, resultDoc) : null;
  if (!found || found.row.studentId !== caller.studentId) {
    throw new HttpError(404, 'Unknown result.');
  }
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) {
    throw new HttpError(400, `Give your reason (${REASON_MIN} to ${REASON_MAX} characters).`);
  }
  if (!found.row.is_published) {
    throw new HttpError(409, 'A re-check can be asked for once the marks are published.');
  }
  const [work] = await loadWorks(strapi, found.kind, [found.row.workId]);
  if (!work) throw new HttpError(404, 'Unknown result.');
  const published = (await knex('results')
    .where('id', found.row.id)
    .first('marks_published_at', 'updated_at')) as Data;
  const since = toDate(published.marks_published_at) ?? toDate(published.updated_at) ?? new Date();
  const days = await windowDays(knex, work);
  if (Date.now() > since.getTime() + days * DAY) {
    throw new HttpError(409, `Re-checks closed ${days} days after the marks were published.`);
  }
  const questionDoc = documentIdOf(body.questionId);
  const evaluations = await evaluationRows(knex, { resultIds: [found.row.id] });
  let target: { evaluation: EvaluationRow; questionId: number } | null = null;
  for (const e of evaluations) {
    const q = (await subjectQuestions(knex, work, e.subjectId)).find(
      (x) => x.documentId === questionDoc,
    );
    if (q && e.questionMarks.some((m) => m.question === q.documentId)) {
      target = { evaluation: e, questionId: q.id };
    }
  }
  if (!target) {
    throw new HttpError(400, 'Choose a question of your script that was marked on its own.');
  }
  const chosen = target;
  const created = await knex.transaction(async (trx) => {
    const open = await trx(RECHECKS_TABLE)
      .where({ result_id: found.row.id, question_id: chosen.questionId, status: 'open' })
      .first('id');
    if (open) {
      throw new HttpError(409, 'A re-check of this question is already open.');
    }
    const now = new Date();
    const history: HistoryEntry[] = [
      {
        at: now.toISOString(),
        by: await nameOf(trx, caller.userId),
        role: 'student',
        action: 'requested',
        reason,
      },
    ];
    const [row] = await insertReturningIds(trx, RECHECKS_TABLE, [
      {
        ...systemColumns(now),
        result_id: found.row.id,
        student_id: caller.studentId,
        evaluation_id: chosen.evaluation.id,
        question_id: chosen.questionId,
        reason,
        status: 'open',
        history: JSON.stringify(history),
      },
    ]);
    // The faculty member who marked it hears of it (their bell).
    const users = chosen.evaluation.facultyId
      ? ((await trx('up_users_faculty_lnk')
          .where('faculty_id', chosen.evaluation.facultyId)
          .select('user_id')) as Array<{ user_id: number }>)
      : [];
    await notify(
      trx,
      users.map((u) => Number(u.user_id)),
      {
        kind: 'recheck-requested',
        message: `A learner asks for a re-check of a question of ${work.name}.`,
        link: `/reports/rechecks`,
        about: { type: 'result', id: found.row.documentId },
      },
    );
    return row.id;
  });
  return (await shapes(knex, [created], true))[0];
};

/** The answers' shapes: question, marks now, status, history (learner: no staff names). */
const shapes = async (db: Knex, ids: number[], forLearner: boolean): Promise<Data[]> => {
  if (ids.length === 0) return [];
  const rows = ((await db(RECHECKS_TABLE).whereIn('id', ids).orderBy('id', 'desc')) as Data[]).map(
    toRow,
  );
  const questions = (await db('questions')
    .whereIn('id', [...new Set(rows.map((r) => r.questionId))])
    .select('id', 'document_id', 'question')) as Data[];
  const results = (await db('results')
    .whereIn('id', [...new Set(rows.map((r) => r.resultId))])
    .select('id', 'document_id', 'total_marks')) as Data[];
  const evaluations = await evaluationRows(db, { evaluationIds: rows.map((r) => r.evaluationId) });
  return rows.map((r) => {
    const q = questions.find((x) => Number(x.id) === r.questionId);
    const e = evaluations.find((x) => x.id === r.evaluationId);
    const mark = e?.questionMarks.find((m) => m.question === q?.document_id);
    return {
      documentId: r.documentId,
      resultId: String(results.find((x) => Number(x.id) === r.resultId)?.document_id ?? ''),
      question: { documentId: q?.document_id ?? null, question: q?.question ?? '' },
      subject: e?.subjectDocumentId
        ? { documentId: e.subjectDocumentId, name: e.subjectName }
        : null,
      marks: mark?.marks ?? null,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt,
      history: forLearner
        ? r.history.map((h) => ({ ...h, by: h.role === 'student' ? h.by : 'Staff' }))
        : r.history,
      ...(forLearner ? {} : { faculty: e?.facultyName ?? null }),
    };
  });
};

/**
 * GET /api/mains/rechecks?status&resultId&page&pageSize: learners their own; faculty those of
 * the evaluations they marked; administrators all.
 */
export const rechecks = async (strapi: Core.Strapi, caller: Caller, query: Data) => {
  if (caller.kind !== 'user' || caller.role === 'other') {
    throw new HttpError(403, 'Sign in to see re-check requests.');
  }
  const knex = knexOf(strapi);
  const page = positiveInt(query.page, 1, 10_000);
  const pageSize = positiveInt(query.pageSize, 50, 100);
  let q = knex(`${RECHECKS_TABLE} as r`);
  if (caller.role === 'student') {
    q = q.where('r.student_id', caller.studentId ?? -1);
  } else if (caller.role === 'faculty') {
    q = q
      .join('evaluations_faculty_lnk as ef', 'ef.evaluation_id', 'r.evaluation_id')
      .where('ef.faculty_id', caller.facultyId ?? -1);
  }
  if (query.status === 'open' || query.status === 'kept' || query.status === 'changed') {
    q = q.where('r.status', query.status);
  }
  const resultDoc = documentIdOf(query.resultId);
  if (resultDoc) {
    q = q.join('results as res', 'res.id', 'r.result_id').where('res.document_id', resultDoc);
  }
  const ids = ((await q.orderBy('r.id', 'desc').select('r.id')) as Data[]).map((r) => Number(r.id));
  const slice = ids.slice((page - 1) * pageSize, page * pageSize);
  return {
    data: await shapes(knex, slice, caller.role === 'student'),
    meta: { pagination: { page, pageSize, total: ids.length } },
  };
};

/**
 * POST /api/mains/rechecks/:requestId/answer {decision: "keep" | "change", marks?, levels?,
 * comment} (the faculty member who marked it, or an administrator).
 */
export const answerRecheck = async (
  strapi: Core.Strapi,
  caller: Caller,
  requestIdInput: unknown,
  body: Data,
) => {
  if (caller.kind !== 'user' || (caller.role !== 'faculty' && caller.role !== 'administrator')) {
    throw new HttpError(403, 'Only the marking faculty member or an administrator answers.');
  }
  const knex = knexOf(strapi);
  const documentId = documentIdOf(requestIdInput);
  const raw = documentId
    ? ((await knex(RECHECKS_TABLE).where('document_id', documentId).first()) as Data | undefined)
    : undefined;
  const request = raw ? toRow(raw) : null;
  const [evaluation] = request
    ? await evaluationRows(knex, { evaluationIds: [request.evaluationId] })
    : [];
  if (
    !request ||
    !evaluation ||
    (caller.role === 'faculty' && evaluation.facultyId !== caller.facultyId)
  ) {
    throw new HttpError(404, 'Unknown re-check request.');
  }
  if (request.status !== 'open') {
    throw new HttpError(409, 'This re-check is already answered.');
  }
  const decision = body.decision;
  if (decision !== 'keep' && decision !== 'change') {
    throw new HttpError(400, 'decision must be "keep" or "change".');
  }
  const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
  if (comment.length < COMMENT_MIN || comment.length > COMMENT_MAX) {
    throw new HttpError(400, `Give a comment (${COMMENT_MIN} to ${COMMENT_MAX} characters).`);
  }
  const resultDoc = (await knex('results').where('id', request.resultId).first('document_id')) as
    { document_id: string } | undefined;
  const found = resultDoc ? await findResult(knex, resultDoc.document_id) : null;
  const [work] = found ? await loadWorks(strapi, found.kind, [found.row.workId]) : [];
  if (!found || !work) throw new HttpError(404, 'Unknown re-check request.');
  const questions = await subjectQuestions(knex, work, evaluation.subjectId);
  const question = questions.find((q) => q.id === request.questionId);
  if (!question) throw new HttpError(404, 'Unknown re-check request.');
  const old = evaluation.questionMarks.find((m) => m.question === question.documentId);
  let next = evaluation.questionMarks;
  if (decision === 'change') {
    const item: Data = { questionId: question.documentId };
    if ('levels' in body) item.levels = body.levels;
    if ('marks' in body) item.marks = body.marks;
    next = applyQuestionMarks(
      evaluation.questionMarks,
      [item],
      questions,
      work.allowHalfMarks,
      evaluation.subjectName ?? 'this subject',
    );
  }
  const newMark = next.find((m) => m.question === question.documentId)?.marks ?? null;
  const status = decision === 'change' && newMark !== (old?.marks ?? null) ? 'changed' : 'kept';
  const actor = await nameOf(knex, caller.userId);
  await knex.transaction(async (trx) => {
    // Answer once: the status is checked again inside the transaction.
    const updated = await trx(RECHECKS_TABLE)
      .where({ id: request.id, status: 'open' })
      .update({
        status,
        history: JSON.stringify([
          ...request.history,
          {
            at: new Date().toISOString(),
            by: actor,
            role: caller.role,
            action: status,
            old: old?.marks ?? null,
            new: newMark,
            comment,
          },
        ]),
        updated_at: new Date(),
      });
    if (updated === 0) throw new HttpError(409, 'This re-check is already answered.');
    if (status === 'changed') {
      await trx('evaluations')
        .where('id', evaluation.id)
        .update({
          question_marks: JSON.stringify(next),
          total_marks: questionTotal(next),
          updated_at: new Date(),
        });
      await recomputeTotal(trx, request.resultId);
    }
    await notify(trx, await learnerUsers(trx, [request.studentId]), {
      kind: 'recheck-answered',
      message:
        status === 'changed'
          ? `Your re-check for ${work.name} changed the mark from ${old?.marks ?? '–'} to ${newMark}.`
          : `Your re-check for ${work.name} is answered: the mark stays ${old?.marks ?? '–'}.`,
      link: `/reports/scripts/${encodeURIComponent(found.row.documentId)}`,
      about: { type: 'result', id: found.row.documentId },
    });
  });
  return (await shapes(knex, [request.id], false))[0];
};
