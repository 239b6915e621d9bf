import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { mainsStatus } from './status';
import { batchesOfStudents, staffOf, staffWork, staffWorkScope, type Staff } from './staff';
import {
  kindOf,
  loadWorks,
  mainsWorkIds,
  pagination,
  positiveInt,
  type Data,
  type Work,
} from './work';
import { documentIdOf, knexOf } from '../../platform/db/sql';
import { mayMarkAllocated, mayReadAllocated } from '../../access/facts/allocations';
import {
  evaluationRows,
  evaluationShapes,
  resultRows,
  statusEvaluations,
  subjectsShape,
  type EvaluationRow,
  type ResultRow,
} from './result-rows';

/**
 * Staff's view of Mains work (issue 8): the works with their counts, the learners of a work with
 * status and evaluations, and one learner's script. Faculty see the works linked to them or to
 * their batches, and the learners of their batches.
 */

/** Subject documentIds `staff` may evaluate now for this learner's result. */
export const evaluableSubjects = (
  staff: Staff,
  work: Work,
  result: ResultRow | null,
  learnerBatchIds: number[],
  evaluations: EvaluationRow[],
): string[] => {
  if (staff.role !== 'faculty' || !result || result.is_published) {
    return [];
  }
  if (!learnerBatchIds.some((id) => staff.batchIds.has(id))) {
    return [];
  }
  return work.subjects
    .filter((s) => staff.subjectIds.has(s.id))
    .filter((s) => mayMarkAllocated(staff.allocation, work.kind, work.id, result.id, s.id))
    .filter((s) => {
      const taken = evaluations.find((e) => e.subjectId === s.id);
      return !taken || taken.facultyId === staff.facultyId;
    })
    .map((s) => s.documentId);
};

const evaluationCounts = async (
  db: Knex,
  works: Work[],
  results: ResultRow[],
): Promise<Map<number, { submitted: number; completed: number; published: number }>> => {
  const evaluations = await evaluationRows(db, { resultIds: results.map((r) => r.id) });
  const out = new Map<number, { submitted: number; completed: number; published: number }>();
  for (const work of works) {
    out.set(work.id, { submitted: 0, completed: 0, published: 0 });
  }
  const latest = new Map<string, ResultRow>();
  for (const r of results) {
    const key = `${r.workId}:${r.studentId}`;
    if (!latest.has(key)) latest.set(key, r); // newest first
  }
  for (const r of latest.values()) {
    const work = works.find((w) => w.id === r.workId);
    const counts = out.get(r.workId);
    if (!work || !counts) continue;
    const { status } = mainsStatus({
      result: { is_published: r.is_published },
      subjects: work.subjects,
      evaluations: statusEvaluations(evaluations.filter((e) => e.resultId === r.id)),
    });
    counts.submitted += 1;
    if (status === 'Completed') counts.completed += 1;
    if (status === 'Published') counts.published += 1;
  }
  return out;
};

/** Faculty: only the scripts their allocation lets them read (issue 27); others: all. */
export const readableResults = <T extends { id: number }>(
  staff: Staff,
  work: Work,
  results: T[],
): T[] =>
  staff.role === 'faculty'
    ? results.filter((r) => mayReadAllocated(staff.allocation, work.kind, work.id, r.id))
    : results;

/** Learners of a faculty member's batches. */
export const studentsOfBatches = async (
  db: Knex,
  batchIds: Iterable<number>,
): Promise<Set<number>> => {
  const ids = [...batchIds];
  if (ids.length === 0) {
    return new Set();
  }
  const rows = (await db('batches_students_lnk')
    .whereIn('batch_id', ids)
    .select('student_id')) as Array<{ student_id: number }>;
  return new Set(rows.map((r) => Number(r.student_id)));
};

/** GET /api/mains/works?kind&search&page&pageSize */
export const listWorks = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Data,
): Promise<{ data: Data[]; meta: Data }> => {
  const staff = await staffOf(strapi, caller);
  const kind = kindOf(query.kind ?? 'test');
  const page = positiveInt(query.page, 1, 100_000);
  const pageSize = positiveInt(query.pageSize, 100, 100);
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  const nameField = kind === 'test' ? 'TestName' : 'assignment_name';
  const scope = staffWorkScope(staff);
  const where: Data = {
    $and: [scope ?? {}, search ? { [nameField]: { $containsi: search } } : {}],
  };
  const ids = await mainsWorkIds(strapi, kind, where);
  const works = await loadWorks(strapi, kind, ids.slice((page - 1) * pageSize, page * pageSize));
  const knex = knexOf(strapi);
  let results = await resultRows(knex, kind, { workIds: works.map((w) => w.id) });
  if (staff.role === 'faculty') {
    const mine = await studentsOfBatches(knex, staff.batchIds);
    // Issue 27: with allocations, the counts are of the scripts allocated to them.
    results = results.filter(
      (r) => mine.has(r.studentId) && mayReadAllocated(staff.allocation, kind, r.workId, r.id),
    );
  }
  const counts = await evaluationCounts(knex, works, results);
  return {
    data: works.map((w) => ({
      kind,
      documentId: w.documentId,
      name: w.name,
      courseName: w.courseName,
      batchName: w.batchName,
      subjects: subjectsShape(w),
      ...(counts.get(w.id) ?? { submitted: 0, completed: 0, published: 0 }),
    })),
    meta: pagination(page, pageSize, ids.length),
  };
};

interface StudentRow {
  id: number;
  documentId: string;
  name: string;
  email: string | null;
}

export const studentsByIds = async (db: Knex, ids: number[]): Promise<StudentRow[]> => {
  if (ids.length === 0) {
    return [];
  }
  const rows = (await db('students')
    .whereIn('id', ids)
    .orderBy('student_name', 'asc')
    .orderBy('id', 'asc')
    .select('id', 'document_id', 'student_name', 'student_email')) as Data[];
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    name: String(r.student_name ?? ''),
    email: (r.student_email as string | null) ?? null,
  }));
};

/** The learners of these results, by their id. */
export const studentsOfResults = async (
  db: Knex,
  results: Array<{ studentId: number }>,
): Promise<Map<number, StudentRow>> =>
  new Map(
    (
      await studentsByIds(
        db,
        results.map((r) => r.studentId),
      )
    ).map((s) => [s.id, s]),
  );

/** GET /api/mains/results?kind&documentId&batchId&subjectId&page&pageSize */
export const listResults = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Data,
): Promise<{ data: Data; meta: Data }> => {
  const staff = await staffOf(strapi, caller);
  const kind = kindOf(query.kind ?? 'test');
  const work = await staffWork(strapi, staff, kind, query.documentId);
  const page = positiveInt(query.page, 1, 100_000);
  const pageSize = positiveInt(query.pageSize, 50, 200);
  const knex = knexOf(strapi);

  const all = await resultRows(knex, kind, { workIds: [work.id] });
  const results = readableResults(staff, work, all);
  // A faculty member whose subjects of this work are all allocated lists only their scripts.
  const locked = readableResults(staff, work, [{ id: -1 }]).length === 0;
  const candidates = new Set<number>(
    locked
      ? results.map((r) => r.studentId)
      : [...work.studentIds, ...results.map((r) => r.studentId)],
  );
  if (work.batchId !== null && !locked) {
    for (const id of await studentsOfBatches(knex, [work.batchId])) candidates.add(id);
  }
  let allowed = [...candidates];
  if (staff.role === 'faculty') {
    const mine = await studentsOfBatches(knex, staff.batchIds);
    allowed = allowed.filter((id) => mine.has(id));
  }
  const batchFilter = documentIdOf(query.batchId);
  if (batchFilter) {
    const batch = (await knex('batches').where('document_id', batchFilter).first('id')) as
      { id: number } | undefined;
    const members = batch ? await studentsOfBatches(knex, [Number(batch.id)]) : new Set<number>();
    allowed = allowed.filter((id) => members.has(id));
  }
  const subjectFilter = documentIdOf(query.subjectId);
  const students = await studentsByIds(knex, allowed);
  const pageStudents = students.slice((page - 1) * pageSize, page * pageSize);
  const batches = await batchesOfStudents(
    knex,
    pageStudents.map((s) => s.id),
  );
  const latest = new Map<number, ResultRow>();
  for (const r of results) {
    if (!latest.has(r.studentId)) latest.set(r.studentId, r);
  }
  const pageResults = pageStudents
    .map((s) => latest.get(s.id))
    .filter((r): r is ResultRow => r !== undefined);
  const evaluations = await evaluationRows(knex, { resultIds: pageResults.map((r) => r.id) });
  const shapes = await evaluationShapes(knex, evaluations);
  const docCounts = await documentCounts(knex, pageResults);

  const rows = pageStudents.map((s) => {
    const result = latest.get(s.id) ?? null;
    const evals = result ? evaluations.filter((e) => e.resultId === result.id) : [];
    const { status, pendingSubjects } = mainsStatus({
      result: result ? { is_published: result.is_published } : null,
      subjects: work.subjects,
      evaluations: statusEvaluations(evals),
    });
    const learnerBatches = batches.get(s.id) ?? [];
    const shown = subjectFilter
      ? evals.filter((e) => e.subjectDocumentId === subjectFilter)
      : evals;
    const can = evaluableSubjects(
      staff,
      work,
      result,
      learnerBatches.map((b) => b.id),
      evals,
    ).filter((id) => !subjectFilter || id === subjectFilter);
    return {
      student: {
        documentId: s.documentId,
        name: s.name,
        email: s.email,
        batchNames: learnerBatches.map((b) => b.name),
      },
      result: result
        ? {
            documentId: result.documentId,
            total_marks: result.total_marks,
            is_published: result.is_published,
            submittedAt: result.submittedAt,
          }
        : null,
      status,
      pendingSubjects,
      evaluations: shown.map((e) => shapes.get(e.id)),
      documentCount: result ? (docCounts.get(result.id) ?? 0) : 0,
      canEvaluate: can,
    };
  });
  return {
    data: {
      work: {
        kind,
        documentId: work.documentId,
        name: work.name,
        maximumMarks: work.maximumMarks,
        subjects: subjectsShape(work),
      },
      rows,
    },
    meta: pagination(page, pageSize, students.length),
  };
};

/** Answer documents per result (of its answers). */

export const documentCounts = async (
  db: Knex,
  results: ResultRow[],
): Promise<Map<number, number>> => {
  if (results.length === 0) {
    return new Map();
  }
  const rows = (await db('results_answers_lnk as ra')
    .join('files_related_mph as m', function join() {
      this.on('m.related_id', '=', 'ra.answer_id')
        .andOn('m.related_type', '=', db.raw('?', ['api::answer.answer']))
        .andOn('m.field', '=', db.raw('?', ['answer_documents']));
    })
    .whereIn(
      'ra.result_id',
      results.map((r) => r.id),
    )
    .groupBy('ra.result_id')
    .select('ra.result_id')
    .count({ n: 'm.id' })) as Array<{ result_id: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.result_id), Number(r.n)]));
};

/**
 * May `caller` read this result's script? Administrators: any; faculty: a learner of their batches
 * or a work linked to them; the learner: their own.
 */
