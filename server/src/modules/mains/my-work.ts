// The learner's list of visible Mains work, with each one's state (submission.ts is the door).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { readScope } from '../../access/rules';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { iso, toDate, knexOf } from '../../platform/db/sql';
import { mainsStatus } from './status';
import {
  deadlineOf,
  kindOf,
  lateMessage,
  loadWorks,
  mainsWorkIds,
  pagination,
  positiveInt,
  uidOf,
  windowRefusal,
  type Data,
  type Kind,
  type Work,
} from './work';
import {
  evaluationRows,
  evaluationShapes,
  resultRows,
  statusEvaluations,
  subjectsShape,
} from './result-rows';
import { learnerOf } from './staff';
import { forLearner } from './learner-terms';

export const attemptLink = (kind: Kind): { lnk: string; col: string } =>
  kind === 'test'
    ? { lnk: 'attempts_test_lnk', col: 'test_id' }
    : { lnk: 'attempts_assignment_lnk', col: 'assignment_id' };

export interface AttemptRow {
  id: number;
  documentId: string;
  workId: number;
  start: Date | null;
  end: Date | null;
}

export const learnerAttempts = async (
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
export const workItems = async (
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
    // Ended without a result: the expiry sweep closed it with nothing uploaded (expiry.ts).
    const state = result
      ? 'submitted'
      : ended
        ? 'time-ended'
        : open
          ? 'in-progress'
          : 'not-started';
    const evals = evaluations.filter((e) => result && e.resultId === result.id);
    const { status } = mainsStatus({
      result: result ? { is_published: result.is_published } : null,
      subjects: work.subjects,
      evaluations: statusEvaluations(evals),
    });
    let reason: string | null = null;
    if (state === 'submitted') {
      reason = 'You have already submitted this work.';
    } else if (state === 'time-ended') {
      reason = 'Your time for this work ended before anything was uploaded.';
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
                // Per-question marks and comments (issue 27): published results only.
                questions: e.questionMarks,
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
  const works = await forLearner(
    knexOf(strapi),
    me.studentId,
    await loadWorks(strapi, kind, pageIds),
  );
  return {
    data: await workItems(strapi, me.studentId, kind, works),
    meta: pagination(page, pageSize, ids.length),
  };
};
