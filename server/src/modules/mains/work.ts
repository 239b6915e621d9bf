import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { readScope, UID } from '../../access/rules';
import { mainsTestIds } from '../../access/facts/mains-tests';
import { toDate, toNumber, knexOf, documentIdOf } from '../../platform/db/sql';
import { signFileUrl } from '../../platform/files/file-urls';
import { HttpError } from '../../platform/http/errors';
import { lateMessage } from '../../access/facts/attempt-deadlines';

/**
 * Mains work items (issue 8): a Mains test (sub-category "Mains" or any Descriptive question,
 * `mainsTestIds`, mains-tests.ts) or any assignment. Shared reading helpers of src/modules/mains.
 */
export type Data = Record<string, unknown>;
export type Kind = 'test' | 'assignment';
type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

export const kindOf = (value: unknown): Kind => {
  if (value === 'test' || value === 'assignment') {
    return value;
  }
  throw new HttpError(400, "Send the kind: 'test' or 'assignment'.");
};

export const unknownWork = (kind: Kind): HttpError =>
  new HttpError(404, kind === 'test' ? 'Unknown test.' : 'Unknown assignment.');

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
  /** A test staff closed (issue 23): a personal window no longer extends it. */
  closed: boolean;
  /** Per-question marks may be halves (issue 27; tests only, assignments take whole marks). */
  allowHalfMarks: boolean;
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
  status?: string | null;
  allow_half_marks?: boolean | null;
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
    'status',
    'allow_half_marks',
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
  closed: kind === 'test' && row.status === 'closed',
  allowHalfMarks: kind === 'test' && row.allow_half_marks === true,
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
  const scope = documentId ? await readScope(caller, uidOf(kind)) : null;
  return workInScope(strapi, kind, documentId, scope);
};

/** The Mains work with this documentId within a scope (null: no limit), else 404. */
export const workInScope = async (
  strapi: Core.Strapi,
  kind: Kind,
  documentId: string | null,
  scope: Record<string, unknown> | null,
): Promise<Work> => {
  if (!documentId) {
    throw unknownWork(kind);
  }
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

export { deadlineOf, lateMessage } from '../../access/facts/attempt-deadlines';

/** Why a learner may not start `work` now (null: they may). */
export const windowRefusal = (work: Work, now: Date): HttpError | null => {
  if (!work.courseActive) {
    // Only new attempts: one already running finishes (issue 18).
    return new HttpError(
      403,
      `This course has been deactivated: its ${work.kind === 'test' ? 'tests' : 'assignments'} cannot be started.`,
    );
  }
  if (work.kind === 'test' && work.opensAt && now < work.opensAt) {
    return new HttpError(403, `This test opens on ${work.opensAt.toISOString()}.`);
  }
  if (work.closesAt && now > work.closesAt) {
    return new HttpError(403, lateMessage(work, work.closesAt));
  }
  return null;
};
