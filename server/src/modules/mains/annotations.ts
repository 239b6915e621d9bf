// In-browser annotations of a Mains script (issue 27): per evaluation, per answer document, per
// page, one row holding that page's items and a version. Kept in the app's own table (not a
// content type), so no REST, GraphQL or populate path can reach them: only these two calls do,
// and they let in exactly who may mark the evaluation (the faculty member, by the marks' own rule
// `ownEvaluation`) or an administrator. Saves are per page and versioned: a save names the
// version it started from, and a stale one is refused (409 with the current page) instead of
// overwriting what another tab saved. Nothing is written once the evaluation is completed or the
// result published (docs/decisions.md, "Issue 27: annotation").
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { documentIdOf, iso, isPostgres, knexOf, toNumber, type Db } from '../../platform/db/sql';
import { ensureTable } from '../../platform/db/own-tables';
import { HttpError } from '../../platform/http/errors';
import { lockResult, ownEvaluation } from './evaluation';
import { ANSWER_TYPE, evaluationRows, type EvaluationRow } from './result-rows';
import { ANNOTATION_LIMITS, checkItems, readItems, type AnnotationItem } from './annotation-items';

export const ANNOTATIONS_TABLE = 'app_evaluation_annotations';

type StrapiKnex = Core.Strapi['db']['connection'];

export const ensureAnnotationTables = async (knex: StrapiKnex): Promise<void> => {
  await ensureTable(knex, ANNOTATIONS_TABLE, (t) => {
    t.increments('id');
    t.integer('evaluation_id').notNullable();
    t.integer('file_id').notNullable();
    t.integer('page').notNullable();
    t.text('items').notNullable();
    t.integer('version').notNullable();
    t.integer('updated_by');
    t.bigInteger('updated_at').notNullable();
    t.unique(['evaluation_id', 'file_id', 'page'], { indexName: 'app_eval_annotations_page_uq' });
  });
};

export interface AnnotationPage {
  fileId: number;
  page: number;
  version: number;
  items: AnnotationItem[];
  updatedAt: string | null;
}

/** The evaluation the caller may annotate: an administrator any, faculty by the marks' rule. */
export const annotatedEvaluation = async (
  strapi: Core.Strapi,
  caller: Caller,
  evaluationIdInput: unknown,
): Promise<EvaluationRow> => {
  if (caller.kind === 'user' && caller.role === 'administrator') {
    const documentId = documentIdOf(evaluationIdInput);
    const [row] = documentId
      ? await evaluationRows(knexOf(strapi), { documentIds: [documentId] })
      : [];
    if (!row) throw new HttpError(404, 'Unknown evaluation.');
    return row;
  }
  return (await ownEvaluation(strapi, caller, evaluationIdInput)).evaluation;
};

/** The answer documents of the evaluation's script (file id → mime), in script order. */
export const scriptDocuments = async (
  db: Db,
  resultId: number,
): Promise<Array<{ id: number; mime: string; url: string; name: string }>> => {
  const rows = (await db('results_answers_lnk as ra')
    .join('files_related_mph as m', 'm.related_id', 'ra.answer_id')
    .join('files as f', 'f.id', 'm.file_id')
    .where('ra.result_id', resultId)
    .where('m.related_type', ANSWER_TYPE)
    .where('m.field', 'answer_documents')
    .orderBy('ra.answer_id', 'asc')
    .orderBy('m.order', 'asc')
    .orderBy('m.id', 'asc')
    .select('f.id', 'f.mime', 'f.url', 'f.name')) as Array<{
    id: number;
    mime: string;
    url: string;
    name: string;
  }>;
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
};

const pageOf = (row: Record<string, unknown>): AnnotationPage => ({
  fileId: Number(row.file_id),
  page: Number(row.page),
  version: Number(row.version),
  items: readItems(row.items),
  updatedAt: iso(toNumber(row.updated_at)),
});

/** Every annotated page of an evaluation, by document and page. */
export const annotationPages = async (db: Db, evaluationId: number): Promise<AnnotationPage[]> => {
  const rows = (await db(ANNOTATIONS_TABLE)
    .where({ evaluation_id: evaluationId })
    .orderBy('file_id', 'asc')
    .orderBy('page', 'asc')
    .select('file_id', 'page', 'version', 'items', 'updated_at')) as Array<Record<string, unknown>>;
  return rows.map(pageOf);
};

/** GET /api/mains/evaluations/:evaluationId/annotations */
export const readAnnotations = async (
  strapi: Core.Strapi,
  caller: Caller,
  evaluationIdInput: unknown,
) => {
  const evaluation = await annotatedEvaluation(strapi, caller, evaluationIdInput);
  const knex = knexOf(strapi);
  return {
    evaluationId: evaluation.documentId,
    completed: evaluation.end_date_time !== null,
    limits: ANNOTATION_LIMITS,
    pages: await annotationPages(knex, evaluation.id),
  };
};

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
};

/**
 * PUT /api/mains/evaluations/:evaluationId/annotations/:fileId/:page {baseVersion, items}
 * Replaces one page's items when baseVersion is the stored version (0 for a page never saved);
 * answers the page with its new version. A stale save: 409 with the current page in details.
 */
export const savePage = async (
  strapi: Core.Strapi,
  caller: Caller,
  params: { evaluationId: unknown; fileId: unknown; page: unknown },
  body: Record<string, unknown>,
): Promise<AnnotationPage> => {
  const evaluation = await annotatedEvaluation(strapi, caller, params.evaluationId);
  const knex = knexOf(strapi);
  const fileId = positiveInt(params.fileId);
  const page = positiveInt(params.page);
  if (page === null || page > ANNOTATION_LIMITS.pages) {
    throw new HttpError(400, `The page must be a number from 1 to ${ANNOTATION_LIMITS.pages}.`);
  }
  const documents = await scriptDocuments(knex, evaluation.resultId);
  if (fileId === null || !documents.some((d) => d.id === fileId)) {
    throw new HttpError(404, 'Unknown answer document of this script.');
  }
  const baseVersion = body.baseVersion;
  if (typeof baseVersion !== 'number' || !Number.isInteger(baseVersion) || baseVersion < 0) {
    throw new HttpError(400, 'Send baseVersion: the version of the page you changed (0 if new).');
  }
  const items = checkItems(body.items);
  const userId = caller.kind === 'user' ? caller.userId : null;
  try {
    return await knex.transaction(async (trx: Knex.Transaction) => {
      if (await lockResult(trx, evaluation.resultId)) {
        throw new HttpError(409, 'This result is published: its annotations are final.');
      }
      const state = (await trx('evaluations')
        .where({ id: evaluation.id })
        .first('end_date_time')) as { end_date_time: unknown } | undefined;
      if (state?.end_date_time) {
        throw new HttpError(
          409,
          `${evaluation.subjectName ?? 'This subject'} is completed: an administrator can reopen it.`,
        );
      }
      const where = { evaluation_id: evaluation.id, file_id: fileId, page };
      const query = trx(ANNOTATIONS_TABLE).where(where);
      if (isPostgres(trx)) query.forUpdate();
      const current = (await query.first('file_id', 'page', 'version', 'items', 'updated_at')) as
        Record<string, unknown> | undefined;
      const version = current ? Number(current.version) : 0;
      if (version !== baseVersion) {
        throw stale(current ? pageOf(current) : emptyPage(fileId, page));
      }
      const now = Date.now();
      const row = { items: JSON.stringify(items), version: version + 1, updated_by: userId };
      if (current) {
        await trx(ANNOTATIONS_TABLE)
          .where(where)
          .update({ ...row, updated_at: now });
      } else {
        await trx(ANNOTATIONS_TABLE).insert({ ...where, ...row, updated_at: now });
      }
      return { fileId, page, version: version + 1, items, updatedAt: iso(now) };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another save made the page first: this one started from a version that is gone.
    const row = (await knex(ANNOTATIONS_TABLE)
      .where({ evaluation_id: evaluation.id, file_id: fileId, page })
      .first('file_id', 'page', 'version', 'items', 'updated_at')) as
      Record<string, unknown> | undefined;
    throw stale(row ? pageOf(row) : emptyPage(fileId, page));
  }
};

const emptyPage = (fileId: number, page: number): AnnotationPage => ({
  fileId,
  page,
  version: 0,
  items: [],
  updatedAt: null,
});

const stale = (current: AnnotationPage): HttpError =>
  new HttpError(
    409,
    `This page was changed elsewhere (now version ${current.version}): merge and save again.`,
    { current },
  );
