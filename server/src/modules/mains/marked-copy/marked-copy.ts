// The marked copy made from the annotations when an evaluation is completed (issue 27). The
// learner's documents are read (never changed), flattened with their annotations on a worker
// thread (flatten.ts; the event loop keeps answering), stored through the upload plugin and set
// as the evaluation's `evaluation_document`, the marked copy the learner sees after publication.
// Which copy wins: a copy uploaded by hand (POST .../document) is never replaced by a flattened
// one; a flattened copy is replaced by the next completion's, or by a copy uploaded by hand. The
// app's table remembers which file was flattened (docs/decisions.md, "Issue 27: annotation").
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../../access/caller';
import { knexOf, type Db } from '../../../platform/db/sql';
import { ensureTable } from '../../../platform/db/own-tables';
import { linkMarkedCopy, lockResult, one, updateEvaluation } from '../evaluation';
import { EVALUATION_TYPE, evaluationRows, type EvaluationRow } from '../result-rows';
import { annotationPages, scriptDocuments } from '../annotations';
import { storeWith } from '../files';
import type { Data } from '../work';
import type { FlattenDocument } from './flatten';
import { runPdfJob } from './pdf-job';

export const MARKED_COPIES_TABLE = 'app_evaluation_marked_copies';

type StrapiKnex = Core.Strapi['db']['connection'];

export const ensureMarkedCopyTable = async (knex: StrapiKnex): Promise<void> => {
  await ensureTable(knex, MARKED_COPIES_TABLE, (t) => {
    t.integer('evaluation_id').notNullable().primary();
    t.integer('file_id').notNullable();
    t.bigInteger('made_at').notNullable();
    t.integer('flatten_ms');
  });
};

/** A stored file's bytes: the local provider's file under public/, else its URL (S3). */
const fileBytes = async (strapi: Core.Strapi, url: string): Promise<Uint8Array> => {
  if (url.startsWith('/')) {
    const root = path.resolve(strapi.dirs.static.public);
    const full = path.resolve(root, `.${path.posix.normalize(url)}`);
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error('A file outside public/.');
    return readFile(full);
  }
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`The file answered ${res.status}.`);
  return new Uint8Array(await res.arrayBuffer());
};

const currentDocument = async (db: Db, evaluationId: number): Promise<number | null> => {
  const row = (await db('files_related_mph')
    .where({
      related_id: evaluationId,
      related_type: EVALUATION_TYPE,
      field: 'evaluation_document',
    })
    .first('file_id')) as { file_id: number } | undefined;
  return row ? Number(row.file_id) : null;
};

/** Flattens the annotations of a completed evaluation into its marked copy; the time it took. */
export const makeMarkedCopy = async (
  strapi: Core.Strapi,
  evaluation: EvaluationRow,
): Promise<{ fileId: number; flattenMs: number } | null> => {
  const knex = knexOf(strapi);
  const pages = (await annotationPages(knex, evaluation.id)).filter((p) => p.items.length > 0);
  if (pages.length === 0) return null;
  const existing = await currentDocument(knex, evaluation.id);
  const made = (await knex(MARKED_COPIES_TABLE)
    .where({ evaluation_id: evaluation.id })
    .first('file_id')) as { file_id: number } | undefined;
  if (existing !== null && existing !== Number(made?.file_id ?? -1)) {
    // A copy uploaded by hand stands: the faculty member chose it.
    return null;
  }
  const documents: FlattenDocument[] = [];
  for (const doc of await scriptDocuments(knex, evaluation.resultId)) {
    documents.push({
      mime: doc.mime,
      bytes: await fileBytes(strapi, doc.url),
      pages: pages
        .filter((p) => p.fileId === doc.id)
        .map((p) => ({ page: p.page, items: p.items })),
    });
  }
  const started = Date.now();
  const reply = await runPdfJob({ kind: 'flatten', documents });
  const flattenMs = Date.now() - started;
  if (!reply.ok) throw new Error(`${reply.message} ${JSON.stringify(reply.details ?? {})}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'marked-copy-'));
  const filepath = path.join(dir, `marked-copy-${evaluation.documentId}.pdf`);
  try {
    await writeFile(filepath, reply.value);
    const [fileId] = await storeWith(strapi)([
      {
        filepath,
        originalFilename: `Marked copy (${evaluation.subjectName ?? 'evaluation'}).pdf`,
        mimetype: 'application/pdf',
        type: 'application/pdf',
        size: reply.value.byteLength,
      },
    ]);
    await knex.transaction(async (trx) => {
      if (await lockResult(trx, evaluation.resultId)) return;
      await linkMarkedCopy(trx, evaluation.id, fileId);
      await trx(MARKED_COPIES_TABLE).where({ evaluation_id: evaluation.id }).delete();
      await trx(MARKED_COPIES_TABLE).insert({
        evaluation_id: evaluation.id,
        file_id: fileId,
        made_at: Date.now(),
        flatten_ms: flattenMs,
      });
    });
    return { fileId, flattenMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/**
 * PUT /api/mains/evaluations/:evaluationId: the evaluation's rules (evaluation.ts), then, when this
 * call completed it, its marked copy from the annotations. A copy that cannot be made does not undo
 * the completion: it is logged, and the faculty member can still upload a marked copy by hand.
 */
export const updateEvaluationWithCopy = async (
  strapi: Core.Strapi,
  caller: Caller,
  evaluationIdInput: unknown,
  body: Data,
): Promise<Data> => {
  const data = await updateEvaluation(strapi, caller, evaluationIdInput, body);
  if (body.complete !== true || typeof data.documentId !== 'string') return data;
  const knex = knexOf(strapi);
  const [evaluation] = await evaluationRows(knex, { documentIds: [data.documentId] });
  if (!evaluation?.end_date_time) return data;
  const made = (await knex(MARKED_COPIES_TABLE)
    .where({ evaluation_id: evaluation.id })
    .first('made_at')) as { made_at: unknown } | undefined;
  if (made && Number(made.made_at) >= new Date(evaluation.end_date_time).getTime()) return data;
  try {
    const copy = await makeMarkedCopy(strapi, evaluation);
    return copy ? one(knex, evaluation.id) : data;
  } catch (error) {
    strapi.log.warn(
      `The marked copy of evaluation ${evaluation.documentId} failed: ${String(error)}`,
    );
    return data;
  }
};
