/**
 * Batches: the paged list, moving and removing learners (one transaction each), and the batch
 * rules on the document service (name required and unique, end date on or after start date), so
 * REST and GraphQL writes share them.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem, type Caller } from '../../access/caller';
import { notifyAddedToBatch } from '../notifications';
import {
  batchScope,
  BATCH,
  idList,
  isRecord,
  knexOf,
  pageOf,
  text,
  type Body,
  type Knex,
  dateText,
  groupByOwner,
  pagedRows,
  whereAnyContains,
} from './common';
import type { DocumentContext, DocumentNext } from '../../platform/db/document-middleware';

export const BATCH_MSG = {
  name: 'The batch name is required.',
  duplicate: 'A batch with this name already exists.',
  dates: 'The end date must be on or after the start date.',
  noBatch: 'Selected batch ID is undefined or null',
  unknown: 'Batch not found.',
  noStudents: 'Choose the learners (studentIds).',
} as const;

interface BatchRow {
  id: number;
  document_id: string;
  batch: string;
  batch_start_date: unknown;
  batch_end_date: unknown;
}

export const listBatches = async (strapi: Core.Strapi, caller: Caller, query: Body) => {
  const knex = knexOf(strapi);
  const scope = await batchScope(strapi, caller);
  const { page, pageSize, search } = pageOf(query);
  const base = knex('batches as b');
  if (search) whereAnyContains(base, ['b.batch'], search);
  if (scope !== null) base.whereIn('b.id', scope.length > 0 ? [...scope] : [-1]);
  const { rows, meta } = await pagedRows<BatchRow>(
    base,
    { page, pageSize },
    [
      { column: 'b.created_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ],
    ['b.id', 'b.document_id', 'b.batch', 'b.batch_start_date', 'b.batch_end_date'],
  );
  const ids = rows.map((r) => r.id);
  const counts = new Map<number, number>();
  for (const r of (await knex('batches_students_lnk')
    .whereIn('batch_id', ids)
    .groupBy('batch_id')
    .select('batch_id', knex.raw('COUNT(*) AS n'))) as Array<{
    batch_id: number;
    n: number | string;
  }>) {
    counts.set(r.batch_id, Number(r.n));
  }
  const courses = await groupByOwner<{ documentId: string; course_name: string }>(
    knex('courses_batches_lnk as l')
      .join('courses as c', 'c.id', 'l.course_id')
      .whereIn('l.batch_id', ids)
      .orderBy('c.course_name')
      .select('l.batch_id as owner', 'c.document_id as documentId', 'c.course_name'),
  );
  const faculties = await groupByOwner<{ documentId: string; FacultyName: string }>(
    knex('batches_faculties_lnk as l')
      .join('faculties as f', 'f.id', 'l.faculty_id')
      .whereIn('l.batch_id', ids)
      .orderBy('f.faculty_name')
      .select(
        'l.batch_id as owner',
        'f.document_id as documentId',
        'f.faculty_name as FacultyName',
      ),
  );
  return {
    data: rows.map((r) => ({
      documentId: r.document_id,
      Batch: r.batch,
      batch_start_date: dateText(r.batch_start_date),
      batch_end_date: dateText(r.batch_end_date),
      studentCount: counts.get(r.id) ?? 0,
      courses: courses.get(r.id) ?? [],
      faculties: faculties.get(r.id) ?? [],
    })),
    meta,
  };
};

const batchId = async (strapi: Core.Strapi, value: unknown): Promise<number> => {
  const documentId = text(value);
  if (!documentId) throw new errors.ValidationError(BATCH_MSG.noBatch);
  const row = (await knexOf(strapi)('batches').where('document_id', documentId).first('id')) as
    { id: number } | undefined;
  if (!row) throw new errors.NotFoundError(BATCH_MSG.unknown);
  return row.id;
};

const studentIdsOf = async (strapi: Core.Strapi, value: unknown): Promise<number[]> => {
  const documentIds = idList(value);
  if (documentIds.length === 0) throw new errors.ValidationError(BATCH_MSG.noStudents);
  const rows = (await knexOf(strapi)('students')
    .whereIn('document_id', documentIds)
    .select('id')) as Array<{
    id: number;
  }>;
  if (rows.length !== documentIds.length) throw new errors.NotFoundError('Learner not found.');
  return rows.map((r) => r.id);
};

/** DocumentNext order value of a batch's student list (Strapi keeps `student_ord` per batch). */
const addToBatch = async (knex: Knex, batch: number, students: readonly number[]) => {
  const present = new Set(
    (
      (await knex('batches_students_lnk')
        .where('batch_id', batch)
        .whereIn('student_id', [...students])
        .select('student_id')) as Array<{ student_id: number }>
    ).map((r) => r.student_id),
  );
  const max = (await knex('batches_students_lnk')
    .where('batch_id', batch)
    .max({ m: 'student_ord' })
    .first()) as { m: number | null } | undefined;
  let ord = Number(max?.m ?? 0);
  const rows = students
    .filter((id) => !present.has(id))
    .map((id) => ({ batch_id: batch, student_id: id, student_ord: ++ord, batch_ord: 1 }));
  for (let i = 0; i < rows.length; i += 200) {
    await knex('batches_students_lnk').insert(rows.slice(i, i + 200));
  }
  return rows.map((r) => r.student_id);
};

export const moveLearners = async (strapi: Core.Strapi, body: Body) => {
  const from = await batchId(strapi, body.fromBatchId);
  const to = await batchId(strapi, body.toBatchId);
  const students = await studentIdsOf(strapi, body.studentIds);
  const moved = await asSystem(() =>
    strapi.db.transaction(async ({ trx }) => {
      if (from !== to) {
        await trx('batches_students_lnk')
          .where('batch_id', from)
          .whereIn('student_id', students)
          .delete();
        const added = await addToBatch(trx, to, students);
        const batch = (await trx('batches').where('id', to).first('document_id', 'batch')) as
          { document_id: string; batch: string | null } | undefined;
        if (batch) {
          await notifyAddedToBatch(
            trx,
            { documentId: batch.document_id, name: batch.batch ?? '' },
            added,
          );
        }
      }
      return students.length;
    }),
  );
  return { data: { moved } };
};

export const removeLearners = async (strapi: Core.Strapi, body: Body) => {
  const batch = await batchId(strapi, body.batchId);
  const students = await studentIdsOf(strapi, body.studentIds);
  const removed = await asSystem(() =>
    strapi.db.transaction(async ({ trx }) =>
      Number(
        await trx('batches_students_lnk')
          .where('batch_id', batch)
          .whereIn('student_id', students)
          .delete(),
      ),
    ),
  );
  return { data: { removed } };
};

/** The batch rules on every create and update of a batch (REST, GraphQL, server code). */
export const createBatchRules =
  (strapi: Core.Strapi) =>
  async (ctx: DocumentContext, next: DocumentNext): Promise<unknown> => {
    if (ctx.uid !== BATCH || (ctx.action !== 'create' && ctx.action !== 'update')) {
      return next();
    }
    const data = isRecord(ctx.params.data) ? ctx.params.data : {};
    const has = (key: string) => Object.prototype.hasOwnProperty.call(data, key);
    const current =
      ctx.action === 'update' && ctx.params.documentId
        ? ((await strapi.db.query(BATCH).findOne({
            where: { documentId: ctx.params.documentId },
            select: ['id', 'batch_start_date', 'batch_end_date'],
          })) as { id: number; batch_start_date: unknown; batch_end_date: unknown } | null)
        : null;
    if (ctx.action === 'create' || has('Batch')) {
      const name = text(data.Batch);
      if (!name) throw new errors.ValidationError(BATCH_MSG.name);
      data.Batch = name;
      // Through the query engine: it joins the caller's transaction (seed, imports).
      const clash = (await strapi.db.query(BATCH).findOne({
        where: { Batch: { $eqi: name }, ...(current ? { id: { $ne: current.id } } : {}) },
        select: ['id'],
      })) as { id: number } | null;
      if (clash) throw new errors.ValidationError(BATCH_MSG.duplicate);
    }
    const start = has('batch_start_date')
      ? dateText(data.batch_start_date)
      : dateText(current?.batch_start_date);
    const end = has('batch_end_date')
      ? dateText(data.batch_end_date)
      : dateText(current?.batch_end_date);
    if (start && end && end < start) throw new errors.ValidationError(BATCH_MSG.dates);
    return next();
  };
