import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { toDate, type Db } from '../../platform/db/sql';
import { classAudience, learnerUsers, workLearnerUsers, type WorkKind } from './audiences';
import { notify } from './notify';
import type { DocumentContext, DocumentNext } from '../../platform/db/document-middleware';

/**
 * Events the document service sees, whoever writes (REST, GraphQL, the server's own code), on
 * the write's transaction, so the notices commit with it (issue 20):
 * - a test or an assignment created or updated: the learners who can take it now and could not
 *   before are told it is available ('work-available'); a draft has none, so its learners are
 *   told when it is published (issue 23);
 * - a batch created or updated with learners: the learners new to it ('added-to-batch');
 * - a live class created: its learners and faculty ('live-class'; batches, course or public).
 */
const WORKS: Record<string, { kind: WorkKind; table: string; name: string; label: string }> = {
  'api::test.test': { kind: 'test', table: 'tests', name: 'test_name', label: 'test' },
  'api::assignment.assignment': {
    kind: 'assignment',
    table: 'assignments',
    name: 'assignment_name',
    label: 'assignment',
  },
};
const BATCH = 'api::batch.batch';
const CLASS = 'api::class.class';
/** The fields of a work whose change can give it new learners (status: a draft published). */
const AUDIENCE_FIELDS = ['batch', 'students', 'course', 'status'];

/** A draft has no learners yet (issue 23): its notices go out when it is published. */
const isDraft = (row: { status?: unknown } | undefined): boolean => row?.status === 'draft';

const dataOf = (ctx: DocumentContext): Record<string, unknown> =>
  typeof ctx.params.data === 'object' && ctx.params.data !== null
    ? (ctx.params.data as Record<string, unknown>)
    : {};

const idOf = async (db: Db, table: string, documentId: string | undefined) =>
  documentId
    ? ((await db(table).where('document_id', documentId).first('id')) as { id: number } | undefined)
        ?.id
    : undefined;

/** Where a learner opens a work: the test corner's list (regular and Mains tests), or the work. */
export const workLink = (kind: WorkKind, documentId: string): string =>
  kind === 'test' ? '/testcorner' : `/assignment/${encodeURIComponent(documentId)}/work`;

/** Runs `step` on the document service's transaction (the caller's, or one opened here). */
const inTransaction = <T>(strapi: Core.Strapi, step: (trx: Knex.Transaction) => Promise<T>) =>
  strapi.db.transaction(({ trx }) => step(trx as unknown as Knex.Transaction));

const workEvent = async (strapi: Core.Strapi, ctx: DocumentContext, next: DocumentNext) => {
  const work = WORKS[ctx.uid];
  const data = dataOf(ctx);
  if (ctx.action === 'update' && !AUDIENCE_FIELDS.some((field) => field in data)) {
    return next();
  }
  return inTransaction(strapi, async (trx) => {
    const beforeRow =
      ctx.action === 'update' && ctx.params.documentId
        ? ((await trx(work.table)
            .where('document_id', ctx.params.documentId)
            .first('id', 'status')) as { id: number; status: unknown } | undefined)
        : undefined;
    const before = new Set(
      beforeRow && !isDraft(beforeRow) ? await workLearnerUsers(trx, work.kind, beforeRow.id) : [],
    );
    const result = await next();
    const documentId =
      ctx.params.documentId ?? (result as { documentId?: string } | null)?.documentId;
    const row = documentId
      ? ((await trx(work.table)
          .where('document_id', documentId)
          .first('id', 'status', work.name)) as Record<string, unknown> | undefined)
      : undefined;
    if (!row || !documentId || isDraft(row)) {
      return result;
    }
    const added = (await workLearnerUsers(trx, work.kind, Number(row.id))).filter(
      (id) => !before.has(id),
    );
    await notify(trx, added, {
      kind: 'work-available',
      message: `New ${work.label}: ${String(row[work.name] ?? '')} is available`,
      link: workLink(work.kind, documentId),
      about: { type: work.kind, id: documentId },
    });
    return result;
  });
};

const batchStudents = async (db: Db, batchId: number | undefined): Promise<Set<number>> =>
  new Set(
    batchId === undefined
      ? []
      : (
          (await db('batches_students_lnk')
            .where('batch_id', batchId)
            .select('student_id')) as Array<{ student_id: number | string }>
        ).map((r) => Number(r.student_id)),
  );

/** Tells learners they were added to a batch (moveLearners, batch writes). */
export const notifyAddedToBatch = async (
  db: Db,
  batch: { documentId: string; name: string },
  studentIds: readonly number[],
): Promise<number> =>
  notify(db, await learnerUsers(db, studentIds), {
    kind: 'added-to-batch',
    message: `You were added to the batch ${batch.name}.`,
    link: '/course',
    about: { type: 'batch', id: batch.documentId },
  });

const batchEvent = async (strapi: Core.Strapi, ctx: DocumentContext, next: DocumentNext) => {
  if (!('students' in dataOf(ctx))) {
    return next();
  }
  return inTransaction(strapi, async (trx) => {
    const before = await batchStudents(
      trx,
      ctx.action === 'update' ? await idOf(trx, 'batches', ctx.params.documentId) : undefined,
    );
    const result = await next();
    const documentId =
      ctx.params.documentId ?? (result as { documentId?: string } | null)?.documentId;
    const row = documentId
      ? ((await trx('batches').where('document_id', documentId).first('id', 'batch')) as
          { id: number; batch: string | null } | undefined)
      : undefined;
    if (row && documentId) {
      const after = await batchStudents(trx, Number(row.id));
      await notifyAddedToBatch(
        trx,
        { documentId, name: row.batch ?? '' },
        [...after].filter((id) => !before.has(id)),
      );
    }
    return result;
  });
};

/** A class's time as the notices say it: "2026-05-04 09:30 UTC". */
export const classTime = (value: unknown): string => {
  const date = toDate(value);
  return !date || Number.isNaN(date.getTime())
    ? ''
    : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** Where a class's notice leads: its course's page, or the live classes screen (issue 21). */
export const classLink = (course: string | null | undefined): string =>
  course ? `/course/${encodeURIComponent(course)}` : '/live-classes';

const classEvent = async (strapi: Core.Strapi, ctx: DocumentContext, next: DocumentNext) =>
  inTransaction(strapi, async (trx) => {
    const result = await next();
    const documentId = (result as { documentId?: string } | null)?.documentId;
    const row = documentId
      ? ((await trx('classes as c')
          .leftJoin('classes_course_lnk as cc', 'cc.class_id', 'c.id')
          .leftJoin('courses as co', 'co.id', 'cc.course_id')
          .where('c.document_id', documentId)
          .first('c.id', 'c.name', 'c.date', 'co.document_id as course')) as
          { id: number; name: string; date: unknown; course: string | null } | undefined)
      : undefined;
    if (row && documentId) {
      // Issue 21: a class of batches, of a course, or public (classAudience, as learners see it).
      const { learners, staff } = await classAudience(trx, Number(row.id));
      const when = row.date === null || row.date === undefined ? '' : classTime(row.date);
      await notify(trx, [...learners, ...staff], {
        kind: 'live-class',
        message: `Live class scheduled: ${row.name}${when ? ` on ${when}` : ''}.`,
        link: classLink(row.course),
        about: { type: 'class', id: documentId },
      });
    }
    return result;
  });

/** The document-service middleware of these events (registered in src/index.ts). */
export const createNotificationEvents =
  (strapi: Core.Strapi) =>
  async (ctx: DocumentContext, next: DocumentNext): Promise<unknown> => {
    if (ctx.action !== 'create' && ctx.action !== 'update') {
      return next();
    }
    if (WORKS[ctx.uid]) {
      return workEvent(strapi, ctx, next);
    }
    if (ctx.uid === BATCH) {
      return batchEvent(strapi, ctx, next);
    }
    if (ctx.uid === CLASS && ctx.action === 'create') {
      return classEvent(strapi, ctx, next);
    }
    return next();
  };
