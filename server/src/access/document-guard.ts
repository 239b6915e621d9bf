import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentCaller, requestMemo, type Caller, type UserCaller } from './caller';
import { FILE_UID, isRecord, modelOf, targetOf, type ModelLike } from './model';
import { guardQueryParams, type QueryParams } from './query-guard';
import { collectRefs, isEmptyRefs } from './refs';
import { UID, readScope, writePolicy, writeScope, type WriteAction } from './rules';
import { findVisible } from './visibility';
import { assertStaffingUnchanged } from './staffing';
import { prepareWrite } from './write-rules';
import { ownsFiles } from './facts/file-owners';
import { checkAssignment } from './facts/assignment-rules';
import { clientStatusInput } from './facts/work-status';
import type { DocumentContext, DocumentNext } from '../platform/db/document-middleware';

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);
const WRITES = new Set<string>(['create', 'update', 'delete']);

const isGuarded = (uid: string): boolean => uid.startsWith('api::') || uid === UID.user;

const pick = (data: Record<string, unknown>, keys: readonly string[] | undefined) =>
  keys ? Object.fromEntries(Object.entries(data).filter(([key]) => keys.includes(key))) : data;

/** Whom a relation may link to: what the caller may read, except that staff may address any user. */
const linkScopeApplies = (caller: UserCaller, target: string): boolean =>
  !(target === UID.user && (caller.role === 'administrator' || caller.role === 'faculty'));

const fileIdsOf = (value: unknown): number[] => {
  const refs = collectRefs(value, 'file');
  if (refs.documentIds.length > 0) {
    throw new errors.ValidationError('Files are referenced by their numeric id.');
  }
  return refs.ids;
};

/**
 * Relations the client asked for must point to documents the caller may read (a learner cannot
 * attach another learner's attempt; a faculty member links only their own batches), and a learner
 * may attach only files they uploaded.
 */
const assertLinksAllowed = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  model: ModelLike,
  data: Record<string, unknown>,
  checked: ReadonlySet<string>,
): Promise<void> => {
  for (const [key, value] of Object.entries(data)) {
    const attribute = model.attributes[key];
    const target = targetOf(attribute);
    if (!target || checked.has(key) || value === null || value === undefined) {
      continue;
    }
    if (target === FILE_UID) {
      if (caller.role === 'student' || caller.role === 'other') {
        if (!(await ownsFiles(strapi.db.connection, caller.userId, fileIdsOf(value)))) {
          throw new errors.ValidationError(`"${key}" may only use files you uploaded.`);
        }
      }
      continue;
    }
    if (!linkScopeApplies(caller, target) || !(await readScope(caller, target))) {
      continue;
    }
    const refs = collectRefs(value, key);
    if (isEmptyRefs(refs)) {
      continue;
    }
    const found = await findVisible(strapi, caller, target, refs);
    const ids = new Set(found.map((r) => r.id));
    const documentIds = new Set(found.map((r) => r.documentId));
    if (
      !refs.ids.every((id) => ids.has(id)) ||
      !refs.documentIds.every((d) => documentIds.has(d))
    ) {
      throw new errors.ValidationError(`"${key}" refers to a record that does not exist.`);
    }
  }
};

/**
 * The write rules of `caller` for `action` on one document (policy, write scope, field whitelist,
 * server-set parts, links): the data that may be written (undefined for a delete or a non-user).
 * Also used for what is not a document-service write, e.g. a file attached through the upload
 * plugin's `ref`/`refId`/`field` (access/file-rules.ts), so both follow the same rules.
 */
export const checkWrite = async (
  strapi: Core.Strapi,
  caller: Caller,
  model: ModelLike,
  action: WriteAction,
  documentId: string | undefined,
  data: unknown,
): Promise<Record<string, unknown> | undefined> => {
  const policy = writePolicy(caller, model.uid, action);
  if (!policy) {
    throw new errors.ForbiddenError();
  }
  if (action !== 'create') {
    const scope = await writeScope(caller, model.uid);
    if (scope) {
      const found = await strapi.db
        .query(model.uid as Parameters<Core.Strapi['db']['query']>[0])
        .findOne({
          where: { $and: [{ documentId: documentId ?? null }, scope] },
          select: ['id'],
        });
      if (!found) {
        throw new errors.NotFoundError();
      }
    }
  }
  if (action === 'delete' || caller.kind !== 'user') {
    return undefined;
  }
  const input = isRecord(data) ? data : {};
  const prepared = await prepareWrite(
    strapi,
    caller,
    model.uid,
    action,
    pick(input, policy.writable),
    documentId,
  );
  await assertStaffingUnchanged(
    strapi,
    caller,
    model,
    action,
    prepared.data,
    documentId,
    prepared.checked,
  );
  await assertLinksAllowed(strapi, caller, model, prepared.data, prepared.checked);
  return prepared.data;
};

const guardWrite = async (
  strapi: Core.Strapi,
  caller: Caller,
  model: ModelLike,
  action: WriteAction,
  params: DocumentContext<QueryParams>['params'],
): Promise<void> => {
  const data = await checkWrite(strapi, caller, model, action, params.documentId, params.data);
  if (data !== undefined) {
    params.data = data;
  }
};

/**
 * Document-service middleware: every read gets the caller's row scope (and scoped populate),
 * every write the caller's write policy. Server code outside a request is not affected.
 */
export const createDocumentGuard =
  (strapi: Core.Strapi) =>
  async (ctx: DocumentContext<QueryParams>, next: DocumentNext): Promise<unknown> => {
    if (!isGuarded(ctx.uid)) {
      return next();
    }
    const caller = await currentCaller(strapi);
    if (
      ctx.uid === UID.assignment &&
      (ctx.action === 'create' || ctx.action === 'update') &&
      isRecord(ctx.params?.data)
    ) {
      // Assignment rules (issue 8), for every caller, the server's own writes included.
      ctx.params.data = checkAssignment(ctx.action, ctx.params.data, caller.kind !== 'system');
    }
    if (
      caller.kind !== 'system' &&
      (ctx.uid === UID.test || ctx.uid === UID.assignment) &&
      (ctx.action === 'create' || ctx.action === 'update') &&
      isRecord(ctx.params?.data)
    ) {
      // Issue 23: a client's write may make a draft; publish and close are their own calls.
      ctx.params.data = clientStatusInput(ctx.action, ctx.params.data);
    }
    if (caller.kind === 'system') {
      return next();
    }
    const model = modelOf(strapi, ctx.uid);
    if (!model) {
      return next();
    }
    const params = ctx.params ?? {};
    ctx.params = params;
    if (READS.has(ctx.action)) {
      await guardQueryParams(strapi, caller, model, params, true);
      if (params.populate !== undefined) {
        requestMemo(strapi).scopedOutputs.add(model.uid);
      }
      return next();
    }
    if (WRITES.has(ctx.action)) {
      if (ctx.uid === UID.user) {
        // Users are written only by users-permissions' own endpoints (sign-up is disabled, /users
        // is administrators', change-password edits the caller): they check who may do what.
        return next();
      }
      await guardWrite(strapi, caller, model, ctx.action as WriteAction, params);
      await guardQueryParams(strapi, caller, model, params, false);
      return next();
    }
    // publish, unpublish, discardDraft, clone: not used by the product.
    if (caller.kind === 'user' && caller.role === 'administrator') {
      return next();
    }
    throw new errors.ForbiddenError();
  };
