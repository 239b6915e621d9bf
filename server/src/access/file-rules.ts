import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Caller, UserCaller } from './caller';
import { checkWrite } from './document-guard';
import { FILE_UID, modelOf } from './model';
import { NOTHING, UID, readScope } from './rules';
import { FILE_OWNERS_TABLE, ownsFiles } from './facts/file-owners';

/**
 * Who may attach, change, list and read files (issue 18 points 2, 6, 15). The upload plugin links
 * files to records itself (`files_related_mph`), outside the document service, so its requests are
 * checked here against the same write rules as a PUT of the field (document-guard.ts checkWrite)
 * and the same read scopes (rules.ts).
 */

/** Media fields whose files are private: served only by signed URLs to callers who may read the record. */
const PRIVATE_FIELDS: ReadonlyArray<readonly [string, string]> = [
  [UID.answer, 'answer_documents'],
  [UID.result, 'evaluation_document'],
  [UID.evaluation, 'evaluation_document'],
  [UID.test, 'Attachments'],
  [UID.assignment, 'Attachments'],
];

export const isPrivateField = (uid: string, field: string): boolean =>
  PRIVATE_FIELDS.some(([u, f]) => u === uid && f === field);

type Knex = Core.Strapi['db']['connection'];

interface LinkRow {
  file_id: number;
  related_id: number;
  related_type: string;
  field: string;
}

const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    out.push(items.slice(i, i + CHUNK));
  }
  return out;
};

const LINK_COLUMNS = ['file_id', 'related_id', 'related_type', 'field'];

const toLinks = (rows: unknown): LinkRow[] =>
  (rows as LinkRow[]).map((r) => ({
    ...r,
    file_id: Number(r.file_id),
    related_id: Number(r.related_id),
  }));

/** The records each file is linked to (all files when `fileIds` is undefined). */
const linksOf = async (knex: Knex, fileIds?: readonly number[]): Promise<LinkRow[]> => {
  if (fileIds === undefined) {
    return toLinks(await knex('files_related_mph').select(LINK_COLUMNS));
  }
  const rows: LinkRow[] = [];
  for (const part of chunks([...new Set(fileIds)])) {
    rows.push(
      ...toLinks(await knex('files_related_mph').whereIn('file_id', part).select(LINK_COLUMNS)),
    );
  }
  return rows;
};

/** Which of `fileIds` are linked to a private field. */
export const privateFileIds = async (
  knex: Knex,
  fileIds: readonly number[],
): Promise<Set<number>> => {
  const links = fileIds.length > 0 ? await linksOf(knex, fileIds) : [];
  return new Set(
    links.filter((l) => isPrivateField(l.related_type, l.field)).map((l) => l.file_id),
  );
};

const LEARNERS_NEVER =
  'Files are attached to your answers with /api/mains/answers/:answerId/documents.';
const NOT_YOURS = 'You may change only files you uploaded or files of records you may edit.';

const staffOnly = (caller: Caller): UserCaller => {
  if (caller.kind !== 'user' || (caller.role !== 'administrator' && caller.role !== 'faculty')) {
    throw new errors.PolicyError(LEARNERS_NEVER);
  }
  return caller;
};

/**
 * May `caller` change the files of `field` of record `relatedId` of `uid`: the write rules of a
 * PUT of that field (scope, field whitelist, a submitted answer's documents are immutable).
 */
const assertFieldWritable = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  uid: string,
  relatedId: number,
  field: string,
): Promise<void> => {
  const model = modelOf(strapi, uid);
  if (!model || model.attributes[field]?.type !== 'media') {
    throw new errors.ValidationError(`"${field}" is not a file field of "${uid}".`);
  }
  if (uid === UID.user) {
    // Accounts are written by administrators only (src/modules/people: the avatar endpoint).
    if (caller.role !== 'administrator') {
      throw new errors.PolicyError(NOT_YOURS);
    }
    return;
  }
  if (!uid.startsWith('api::')) {
    throw new errors.PolicyError(NOT_YOURS);
  }
  const row = (await strapi.db
    .query(uid as Parameters<Core.Strapi['db']['query']>[0])
    .findOne({ where: { id: relatedId }, select: ['id', 'documentId'] })) as {
    documentId: string;
  } | null;
  if (!row) {
    throw new errors.NotFoundError('The record to attach the file to does not exist.');
  }
  const allowed = await checkWrite(strapi, caller, model, 'update', row.documentId, {
    [field]: [],
  });
  if (!allowed || !(field in allowed)) {
    throw new errors.PolicyError(NOT_YOURS);
  }
};

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * POST /api/upload with `ref`, `refId`, `field`: learners never attach through ref; staff only to
 * media fields of records they may edit, by the same rules as a PUT of that field.
 */
export const assertMayAttach = async (
  strapi: Core.Strapi,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<void> => {
  const { ref, refId, field } = body;
  if (ref === undefined && refId === undefined && field === undefined) {
    return;
  }
  const staff = staffOnly(caller);
  const id = positiveInt(refId);
  if (typeof ref !== 'string' || typeof field !== 'string' || id === null) {
    throw new errors.ValidationError('Send ref, refId (a numeric id) and field together.');
  }
  await assertFieldWritable(strapi, staff, ref, id, field);
};

/**
 * POST /api/upload?id= (rename, replace), DELETE /api/upload/files/:id, GraphQL's updateUploadFile
 * and deleteUploadFile: staff only; a file linked to records needs the right to change that field
 * of every one of them; a file linked to nothing, its uploader or an administrator.
 */
export const assertMayChangeFile = async (
  strapi: Core.Strapi,
  caller: Caller,
  fileIdInput: unknown,
): Promise<void> => {
  const staff = staffOnly(caller);
  const fileId = positiveInt(fileIdInput);
  const knex = strapi.db.connection;
  if (fileId === null || !(await knex('files').where({ id: fileId }).first('id'))) {
    return; // the upload plugin answers its own 404 / 400
  }
  const links = await linksOf(knex, [fileId]);
  if (links.length === 0) {
    if (staff.role !== 'administrator' && !(await ownsFiles(knex, staff.userId, [fileId]))) {
      throw new errors.PolicyError(NOT_YOURS);
    }
    return;
  }
  for (const link of links) {
    await assertFieldWritable(strapi, staff, link.related_type, link.related_id, link.field);
  }
};

/**
 * Ids of the files `caller` may read (null: all of them). A file is readable when it is linked to
 * a record the caller may read (rules.ts readScope), or when the caller uploaded it. Administrators
 * without a restricted course list manage the whole media library.
 */
export const readableFileIds = async (
  strapi: Core.Strapi,
  caller: Caller,
  only?: readonly number[],
): Promise<Set<number> | null> => {
  if (caller.kind === 'system') {
    return null;
  }
  if (caller.kind !== 'user' || (caller.role !== 'administrator' && caller.role !== 'faculty')) {
    return new Set();
  }
  if (caller.role === 'administrator' && caller.restrictedCourseIds.length === 0) {
    return null;
  }
  const knex = strapi.db.connection;
  const readable = new Set<number>();
  const byType = new Map<string, LinkRow[]>();
  for (const link of await linksOf(knex, only)) {
    byType.set(link.related_type, [...(byType.get(link.related_type) ?? []), link]);
  }
  for (const [uid, links] of byType) {
    if (uid === FILE_UID || !modelOf(strapi, uid)) {
      continue;
    }
    const scope = await readScope(caller, uid);
    if (scope === NOTHING) {
      continue;
    }
    let visible: Set<number> | null = null;
    if (scope) {
      visible = new Set();
      for (const part of chunks([...new Set(links.map((l) => l.related_id))])) {
        const rows = (await strapi.db
          .query(uid as Parameters<Core.Strapi['db']['query']>[0])
          .findMany({ where: { $and: [{ id: { $in: part } }, scope] }, select: ['id'] })) as Array<{
          id: number;
        }>;
        rows.forEach((r) => visible?.add(r.id));
      }
    }
    for (const link of links) {
      if (!visible || visible.has(link.related_id)) {
        readable.add(link.file_id);
      }
    }
  }
  const owned = knex(FILE_OWNERS_TABLE).where('user_id', caller.userId);
  if (only) {
    owned.whereIn('file_id', [...only]);
  }
  for (const row of (await owned.select('file_id')) as Array<{ file_id: number }>) {
    readable.add(Number(row.file_id));
  }
  return readable;
};

/** Strapi's responsive image formats are stored as `<format>_<hash><ext>` next to the file. */
const FORMAT_PREFIX = /^\/uploads\/(?:thumbnail|small|medium|large)_(.+)$/;

/**
 * Whether the stored file served at `path` (decoded, normalised, e.g. `/uploads/x.pdf` or
 * `/uploads/thumbnail_x.png`) belongs to a private field. Compared in lower case (an index on
 * LOWER(url), src/bootstrap/indexes.ts), so a case-insensitive file system gives no way round.
 */
export const isPrivatePath = async (knex: Knex, path: string): Promise<boolean> => {
  const lower = path.toLowerCase();
  const format = FORMAT_PREFIX.exec(lower);
  const candidates = format ? [lower, `/uploads/${format[1]}`] : [lower];
  const rows = (await knex('files')
    .whereRaw(`LOWER(??) IN (${candidates.map(() => '?').join(', ')})`, ['url', ...candidates])
    .select('id', 'url', 'formats')) as Array<{ id: number; url: string; formats: unknown }>;
  const files = rows.filter(
    (r) =>
      r.url.toLowerCase() === lower ||
      (typeof r.formats === 'string' ? r.formats : JSON.stringify(r.formats ?? null))
        .toLowerCase()
        .includes(`"${lower}"`),
  );
  if (files.length === 0) {
    return false;
  }
  return (
    (
      await privateFileIds(
        knex,
        files.map((f) => Number(f.id)),
      )
    ).size > 0
  );
};
