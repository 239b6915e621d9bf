import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller, UserCaller } from '../../access/caller';
import { readScope, UID } from '../../access/rules';
import { ExamError } from '../exam/service';
import { mainsTestIds } from './mains-tests';
import { iso, toBool, toDate, toNumber } from '../exam/sql';
import { signFileUrl } from '../file-urls';

/**
 * Mains work items (issue 8): a Mains test (sub-category "Mains" or any Descriptive question,
 * `mainsTestIds`, mains-tests.ts) or any assignment. Shared reading helpers of src/lib/mains.
 */
export type Data = Record<string, unknown>;
export type Kind = 'test' | 'assignment';
type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

export { ExamError as MainsError };

export const knexOf = (strapi: Core.Strapi): Knex => strapi.db.connection as unknown as Knex;

export const documentIdOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const kindOf = (value: unknown): Kind => {
  if (value === 'test' || value === 'assignment') {
    return value;
  }
  throw new ExamError(400, "Send the kind: 'test' or 'assignment'.");
};

export const unknownWork = (kind: Kind): ExamError =>
  new ExamError(404, kind === 'test' ? 'Unknown test.' : 'Unknown assignment.');

export const positiveInt = (value: unknown, fallback: number, max: number): number => {
  const n = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
};

export const pagination = (page: number, pageSize: number, total: number): Data => ({
  pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
});

// ---------------------------------------------------------------------------------------------
// Files

export interface FileShape {
  id: number;
  name: string;
  url: string;
  mime: string;
  size: number;
}

interface FileRow {
  id: number;
  name: string;
  url: string;
  mime: string;
  size: unknown;
}

/** Every Mains file is private (answer documents, marked copies, attachments): a signed URL. */
export const fileShape = (f: FileRow): FileShape => ({
  id: Number(f.id),
  name: f.name,
  url: signFileUrl(f.url),
  mime: f.mime,
  size: toNumber(f.size) ?? 0,
});

/** Files of a media field of several rows: related id → files in their order. */
export const filesOf = async (
  db: Knex | Knex.Transaction,
  relatedType: string,
  field: string,
  relatedIds: number[],
): Promise<Map<number, FileShape[]>> => {
  const out = new Map<number, FileShape[]>();
  if (relatedIds.length === 0) {
    return out;
  }
  const rows = (await db('files_related_mph as m')
    .join('files as f', 'f.id', 'm.file_id')
    .where('m.related_type', relatedType)
    .where('m.field', field)
    .whereIn('m.related_id', relatedIds)
    .orderBy('m.related_id', 'asc')
    .orderBy('m.order', 'asc')
    .orderBy('m.id', 'asc')
    .select('m.related_id', 'f.id', 'f.name', 'f.url', 'f.mime', 'f.size')) as Array<
    FileRow & { related_id: number }
  >;
  for (const row of rows) {
    const list = out.get(Number(row.related_id)) ?? [];
    list.push(fileShape(row));
    out.set(Number(row.related_id), list);
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Work items

export interface SubjectRef {
  id: number;
  documentId: string;
  name: string;
}

export interface Work {
  kind: Kind;
  id: number;
  documentId: string;
  name: string;
  description: string | null;
  courseName: string | null;
  /** False when the work's course has been deactivated (no new attempt may start). */
  courseActive: boolean;
  batchId: number | null;
  batchName: string | null;
  subjects: SubjectRef[];
  opensAt: Date | null;
  closesAt: Date | null;
  durationMinutes: number | null;
  maximumMarks: number | null;
  attachments: FileShape[];
  facultyIds: number[];
  studentIds: number[];
  createdAt: Date | null;
}

interface LoadedRow {
  id: number;
  documentId: string;
  createdAt: unknown;
  TestName?: string;
  Description?: string | null;
  ValidFrom?: unknown;
  ValidTo?: unknown;
  TestDuration?: number | null;
  assignment_name?: string;
  assignment_description?: string | null;
  assignment_submission_date?: unknown;
  assignment_duration?: number | null;
  MaximumMarks?: unknown;
  course: { course_name: string; is_active: boolean | null } | null;
  batch: { id: number; Batch: string } | null;
  subjects: Array<{ id: number; documentId: string; SubjectName: string }> | null;
  faculties: Array<{ id: number }> | null;
  students: Array<{ id: number }> | null;
  Attachments: FileRow[] | null;
}

export const uidOf = (kind: Kind): string => (kind === 'test' ? UID.test : UID.assignment);

const SELECT: Record<Kind, string[]> = {
  test: [
    'id',
    'documentId',
    'createdAt',
    'TestName',
    'Description',
    'ValidFrom',
    'ValidTo',
    'TestDuration',
    'MaximumMarks',
  ],
  assignment: [
    'id',
    'documentId',
    'createdAt',
    'assignment_name',
    'assignment_description',
    'assignment_submission_date',
    'assignment_duration',
    'MaximumMarks',
  ],
};

const POPULATE = {
  course: { select: ['course_name', 'is_active'] },
  batch: { select: ['id', 'Batch'] },
  subjects: { select: ['id', 'documentId', 'SubjectName'], orderBy: { id: 'asc' } },
  faculties: { select: ['id'] },
  students: { select: ['id'] },
  Attachments: { select: ['id', 'name', 'url', 'mime', 'size'] },
};

const toWork = (kind: Kind, row: LoadedRow): Work => ({
  kind,
  id: row.id,
  documentId: row.documentId,
  name: (kind === 'test' ? row.TestName : row.assignment_name) ?? '',
  description: (kind === 'test' ? row.Description : row.assignment_description) ?? null,
  courseName: row.course?.course_name ?? null,
  courseActive: row.course?.is_active !== false,
  batchId: row.batch?.id ?? null,
  batchName: row.batch?.Batch ?? null,
  subjects: (row.subjects ?? []).map((s) => ({
    id: s.id,
    documentId: s.documentId,
    name: s.SubjectName,
  })),
  opensAt: kind === 'test' ? toDate(row.ValidFrom) : null,
  closesAt: kind === 'test' ? toDate(row.ValidTo) : toDate(row.assignment_submission_date),
  durationMinutes: toNumber(kind === 'test' ? row.TestDuration : row.assignment_duration) ?? null,
  maximumMarks: toNumber(row.MaximumMarks),
  attachments: (row.Attachments ?? []).map(fileShape),
  facultyIds: (row.faculties ?? []).map((f) => f.id),
  studentIds: (row.students ?? []).map((s) => s.id),
  createdAt: toDate(row.createdAt),
});

/** Loads works by id (no scope: callers check it), in the order of `ids`. */
export const loadWorks = async (
  strapi: Core.Strapi,
  kind: Kind,
  ids: number[],
): Promise<Work[]> => {
  if (ids.length === 0) {
    return [];
  }
  const rows = (await strapi.db.query(uidOf(kind) as QueryUid).findMany({
    where: { id: { $in: ids } },
    select: SELECT[kind],
    populate: POPULATE,
  })) as LoadedRow[];
  const byId = new Map(rows.map((r) => [r.id, toWork(kind, r)]));
  return ids.map((id) => byId.get(id)).filter((w): w is Work => w !== undefined);
};

/** Keeps the Mains ones among test ids (assignments are all Mains). */
export const onlyMains = async (
  strapi: Core.Strapi,
  kind: Kind,
  ids: number[],
): Promise<number[]> => {
  if (kind === 'assignment') {
    return ids;
  }
  const mains = await mainsTestIds(knexOf(strapi), ids);
  return ids.filter((id) => mains.has(id));
};

/** Ids (newest first) of the Mains works of `kind` matching `where`. */
export const mainsWorkIds = async (
  strapi: Core.Strapi,
  kind: Kind,
  where: Data,
): Promise<number[]> => {
  const rows = (await strapi.db.query(uidOf(kind) as QueryUid).findMany({
    where,
    select: ['id'],
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })) as Array<{ id: number }>;
  return onlyMains(
    strapi,
    kind,
    rows.map((r) => r.id),
  );
};

/** A Mains work by documentId that the learner may see (their read scope), else 404. */
export const visibleWork = async (
  strapi: Core.Strapi,
  caller: Caller,
  kind: Kind,
  documentIdInput: unknown,
): Promise<Work> => {
  const documentId = documentIdOf(documentIdInput);
  if (!documentId) {
    throw unknownWork(kind);
  }
  const scope = await readScope(caller, uidOf(kind));
  const ids = await mainsWorkIds(
    strapi,
    kind,
    scope ? { $and: [{ documentId }, scope] } : { documentId },
  );
  const [work] = await loadWorks(strapi, kind, ids.slice(0, 1));
  if (!work) {
    throw unknownWork(kind);
  }
  return work;
};

// ---------------------------------------------------------------------------------------------
// Deadlines (server clock)

/** The end of an attempt: test → min(start + duration, ValidTo); assignment → submission date. */
export const deadlineOf = (work: Work, start: Date | null): Date | null => {
  if (work.kind === 'assignment') {
    return work.closesAt;
  }
  const byDuration =
    start && work.durationMinutes && work.durationMinutes > 0
      ? new Date(start.getTime() + work.durationMinutes * 60_000)
      : null;
  if (byDuration && work.closesAt) {
    return byDuration < work.closesAt ? byDuration : work.closesAt;
  }
  return byDuration ?? work.closesAt;
};

export const lateMessage = (work: Work, deadline: Date): string =>
  work.kind === 'assignment'
    ? 'The submission date has passed.'
    : `This test closed on ${deadline.toISOString()}.`;

/** Why a learner may not start `work` now (null: they may). */
export const windowRefusal = (work: Work, now: Date): ExamError | null => {
  if (!work.courseActive) {
    // Only new attempts: one already running finishes (issue 18).
    return new ExamError(
      403,
      `This course has been deactivated: its ${work.kind === 'test' ? 'tests' : 'assignments'} cannot be started.`,
    );
  }
  if (work.kind === 'test' && work.opensAt && now < work.opensAt) {
    return new ExamError(403, `This test opens on ${work.opensAt.toISOString()}.`);
  }
  if (work.closesAt && now > work.closesAt) {
    return new ExamError(403, lateMessage(work, work.closesAt));
  }
  return null;
};

// ---------------------------------------------------------------------------------------------
// Who

export const learnerOf = (caller: Caller): UserCaller & { studentId: number } => {
  if (caller.kind !== 'user' || caller.role !== 'student' || caller.studentId === null) {
    throw new ExamError(403, 'Only a learner can submit Mains work.');
  }
  return caller as UserCaller & { studentId: number };
};

export interface Staff {
  role: 'administrator' | 'faculty';
  facultyId: number | null;
  /** Faculty: their batches and subjects (ids). */
  batchIds: Set<number>;
  subjectIds: Set<number>;
  userId: number;
}

export const staffOf = async (strapi: Core.Strapi, caller: Caller): Promise<Staff> => {
  if (caller.kind !== 'user' || (caller.role !== 'administrator' && caller.role !== 'faculty')) {
    throw new ExamError(403, 'Only staff can do this.');
  }
  if (caller.role === 'administrator') {
    return {
      role: 'administrator',
      facultyId: caller.facultyId,
      batchIds: new Set(),
      subjectIds: new Set(),
      userId: caller.userId,
    };
  }
  const knex = knexOf(strapi);
  const facultyId = caller.facultyId ?? -1;
  const [batches, subjects] = await Promise.all([
    knex('batches_faculties_lnk').where('faculty_id', facultyId).select('batch_id'),
    knex('faculties_subjects_lnk').where('faculty_id', facultyId).select('subject_id'),
  ]);
  return {
    role: 'faculty',
    facultyId: caller.facultyId,
    batchIds: new Set((batches as Array<{ batch_id: number }>).map((r) => Number(r.batch_id))),
    subjectIds: new Set(
      (subjects as Array<{ subject_id: number }>).map((r) => Number(r.subject_id)),
    ),
    userId: caller.userId,
  };
};

/** Faculty: works linked to them (faculties) or to one of their batches; administrators: all. */
export const staffWorkScope = (staff: Staff): Data | null =>
  staff.role === 'administrator'
    ? null
    : {
        $or: [
          { faculties: { id: staff.facultyId ?? -1 } },
          ...(staff.batchIds.size > 0 ? [{ batch: { id: { $in: [...staff.batchIds] } } }] : []),
        ],
      };

export const staffWork = async (
  strapi: Core.Strapi,
  staff: Staff,
  kind: Kind,
  documentIdInput: unknown,
): Promise<Work> => {
  const documentId = documentIdOf(documentIdInput);
  if (!documentId) {
    throw unknownWork(kind);
  }
  const scope = staffWorkScope(staff);
  const ids = await mainsWorkIds(
    strapi,
    kind,
    scope ? { $and: [{ documentId }, scope] } : { documentId },
  );
  const [work] = await loadWorks(strapi, kind, ids.slice(0, 1));
  if (!work) {
    throw unknownWork(kind);
  }
  return work;
};

/** Batches (ids) of several students. */
export const batchesOfStudents = async (
  db: Knex,
  studentIds: number[],
): Promise<Map<number, Array<{ id: number; name: string }>>> => {
  const out = new Map<number, Array<{ id: number; name: string }>>();
  if (studentIds.length === 0) {
    return out;
  }
  const rows = (await db('batches_students_lnk as l')
    .join('batches as b', 'b.id', 'l.batch_id')
    .whereIn('l.student_id', studentIds)
    .orderBy('b.id', 'asc')
    .select('l.student_id', 'b.id', 'b.batch')) as Array<{
    student_id: number;
    id: number;
    batch: string | null;
  }>;
  for (const r of rows) {
    const list = out.get(Number(r.student_id)) ?? [];
    list.push({ id: Number(r.id), name: r.batch ?? '' });
    out.set(Number(r.student_id), list);
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Results and evaluations (raw rows)

export interface ResultRow {
  id: number;
  documentId: string;
  studentId: number;
  workId: number;
  attemptId: number | null;
  total_marks: number | null;
  is_published: boolean;
  submittedAt: string | null;
}

export const workColumn = (kind: Kind): { lnk: string; col: string } =>
  kind === 'test'
    ? { lnk: 'results_test_lnk', col: 'test_id' }
    : { lnk: 'results_assignment_lnk', col: 'assignment_id' };

/** Results of works of `kind` (newest first), optionally of some students / works / ids. */
export const resultRows = async (
  db: Knex | Knex.Transaction,
  kind: Kind,
  where: {
    workIds?: number[];
    studentIds?: number[];
    resultIds?: number[];
    documentIds?: string[];
  },
): Promise<ResultRow[]> => {
  const { lnk, col } = workColumn(kind);
  let q = db('results as r')
    .join(`${lnk} as w`, 'w.result_id', 'r.id')
    .join('results_student_lnk as s', 's.result_id', 'r.id')
    .leftJoin('results_attempt_lnk as ra', 'ra.result_id', 'r.id')
    .select(
      'r.id',
      'r.document_id',
      'r.total_marks',
      'r.is_published',
      'r.created_at',
      's.student_id',
      `w.${col} as work_id`,
      'ra.attempt_id',
    )
    .orderBy('r.id', 'desc');
  if (where.workIds) q = q.whereIn(`w.${col}`, where.workIds.length ? where.workIds : [-1]);
  if (where.studentIds)
    q = q.whereIn('s.student_id', where.studentIds.length ? where.studentIds : [-1]);
  if (where.resultIds) q = q.whereIn('r.id', where.resultIds.length ? where.resultIds : [-1]);
  if (where.documentIds)
    q = q.whereIn('r.document_id', where.documentIds.length ? where.documentIds : ['']);
  const rows = (await q) as Array<Data>;
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    studentId: Number(r.student_id),
    workId: Number(r.work_id),
    attemptId: r.attempt_id === null || r.attempt_id === undefined ? null : Number(r.attempt_id),
    total_marks: toNumber(r.total_marks),
    is_published: toBool(r.is_published),
    submittedAt: iso(r.created_at),
  }));
};

/** The result of a kind by documentId (either kind). */
export const findResult = async (
  db: Knex | Knex.Transaction,
  documentId: string,
): Promise<{ kind: Kind; row: ResultRow } | null> => {
  for (const kind of ['test', 'assignment'] as const) {
    const [row] = await resultRows(db, kind, { documentIds: [documentId] });
    if (row) {
      return { kind, row };
    }
  }
  return null;
};

export interface EvaluationRow {
  id: number;
  documentId: string;
  resultId: number;
  subjectId: number | null;
  subjectDocumentId: string | null;
  subjectName: string | null;
  facultyId: number | null;
  facultyDocumentId: string | null;
  facultyName: string | null;
  total_marks: number | null;
  start_date_time: string | null;
  end_date_time: string | null;
}

export const evaluationRows = async (
  db: Knex | Knex.Transaction,
  where: { resultIds?: number[]; evaluationIds?: number[]; documentIds?: string[] },
): Promise<EvaluationRow[]> => {
  let q = db('results_evaluations_lnk as re')
    .join('evaluations as e', 'e.id', 're.evaluation_id')
    .leftJoin('evaluations_subject_lnk as es', 'es.evaluation_id', 'e.id')
    .leftJoin('subjects as sub', 'sub.id', 'es.subject_id')
    .leftJoin('evaluations_faculty_lnk as ef', 'ef.evaluation_id', 'e.id')
    .leftJoin('faculties as fac', 'fac.id', 'ef.faculty_id')
    .select(
      'e.id',
      'e.document_id',
      're.result_id',
      'sub.id as subject_id',
      'sub.document_id as subject_document_id',
      'sub.subject_name',
      'fac.id as faculty_id',
      'fac.document_id as faculty_document_id',
      'fac.faculty_name',
      'e.total_marks',
      'e.start_date_time',
      'e.end_date_time',
    )
    .orderBy('e.id', 'asc');
  if (where.resultIds)
    q = q.whereIn('re.result_id', where.resultIds.length ? where.resultIds : [-1]);
  if (where.evaluationIds)
    q = q.whereIn('e.id', where.evaluationIds.length ? where.evaluationIds : [-1]);
  if (where.documentIds)
    q = q.whereIn('e.document_id', where.documentIds.length ? where.documentIds : ['']);
  const rows = (await q) as Array<Data>;
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    resultId: Number(r.result_id),
    subjectId: num(r.subject_id),
    subjectDocumentId: (r.subject_document_id as string | null) ?? null,
    subjectName: (r.subject_name as string | null) ?? null,
    facultyId: num(r.faculty_id),
    facultyDocumentId: (r.faculty_document_id as string | null) ?? null,
    facultyName: (r.faculty_name as string | null) ?? null,
    total_marks: toNumber(r.total_marks),
    start_date_time: iso(r.start_date_time),
    end_date_time: iso(r.end_date_time),
  }));
};

export const EVALUATION_TYPE = 'api::evaluation.evaluation';
export const ANSWER_TYPE = 'api::answer.answer';

/** The contract's Evaluation shape (with its marked copy). */
export const evaluationShapes = async (
  db: Knex | Knex.Transaction,
  rows: EvaluationRow[],
): Promise<Map<number, Data>> => {
  const docs = await filesOf(
    db,
    EVALUATION_TYPE,
    'evaluation_document',
    rows.map((r) => r.id),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        documentId: r.documentId,
        subject: r.subjectDocumentId
          ? { documentId: r.subjectDocumentId, name: r.subjectName ?? '' }
          : null,
        faculty: r.facultyDocumentId
          ? { documentId: r.facultyDocumentId, name: r.facultyName ?? '' }
          : null,
        total_marks: r.total_marks,
        start_date_time: r.start_date_time,
        end_date_time: r.end_date_time,
        evaluation_document: docs.get(r.id)?.[0] ?? null,
      },
    ]),
  );
};

export const subjectsShape = (work: Work): Data[] =>
  work.subjects.map((s) => ({ documentId: s.documentId, name: s.name }));

/** Status input of one result from its evaluation rows. */
export const statusEvaluations = (rows: EvaluationRow[]) =>
  rows.map((e) => ({ subject: e.subjectDocumentId, ended: e.end_date_time !== null }));
