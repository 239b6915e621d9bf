import type { Core } from '@strapi/strapi';
import { currentCaller, requestMemo, type Caller } from './caller';
import { isPrivateField, privateFileIds } from './file-rules';
import { FILE_UID, isRecord, modelOf, targetOf, type ModelLike } from './model';
import { hiddenFields, isLearnerLike, readScope, UID } from './rules';
import { WITHHELD_RESULT_FIELDS, withheldResultIds } from './facts/withheld-results';
import { rememberVisible } from './visibility';
import { signFileRecord } from '../platform/files/file-urls';

type Visibility = Map<string, Map<number, boolean>>;

interface Walk {
  strapi: Core.Strapi;
  caller: Caller;
  /** Targets with a row scope for this caller (their related rows are checked). */
  scoped: Map<string, boolean>;
  visible: Visibility;
  checkRows: boolean;
  /** Learners: unpublished Mains results whose marks are withheld (issue 8). */
  withheld: Set<number>;
}

const relatedRows = (value: unknown): Array<Record<string, unknown>> =>
  (Array.isArray(value) ? value : [value]).filter(isRecord);

/** First pass: which related rows (per content type) appear in the answer. */
const collect = async (
  walk: Walk,
  model: ModelLike,
  entity: unknown,
  ids: Map<string, Set<number>>,
): Promise<void> => {
  if (!isRecord(entity)) {
    return;
  }
  for (const [key, value] of Object.entries(entity)) {
    const target = targetOf(model.attributes[key]);
    const targetModel = target ? modelOf(walk.strapi, target) : null;
    if (!target || !targetModel || value === null || value === undefined) {
      continue;
    }
    if (!walk.scoped.has(target)) {
      walk.scoped.set(target, (await readScope(walk.caller, target)) !== null);
    }
    for (const row of relatedRows(value)) {
      if (walk.scoped.get(target) && typeof row.id === 'number') {
        const set = ids.get(target) ?? new Set<number>();
        set.add(row.id);
        ids.set(target, set);
      }
      await collect(walk, targetModel, row, ids);
    }
  }
};

const canSee = (walk: Walk, uid: string, row: Record<string, unknown>): boolean =>
  !walk.checkRows ||
  !walk.scoped.get(uid) ||
  (typeof row.id === 'number' && walk.visible.get(uid)?.get(row.id) === true);

/** Files of a private field (answer documents, ...) carry signed URLs (issue 18 point 15). */
const signPrivate = (model: ModelLike, key: string, row: unknown): unknown =>
  isRecord(row) && isPrivateField(model.uid, key) ? signFileRecord(row) : row;

/** Second pass: drop hidden fields and related rows the caller may not read. */
const redact = (walk: Walk, model: ModelLike, entity: unknown): unknown => {
  if (!isRecord(entity)) {
    return entity;
  }
  const hidden: readonly string[] =
    model.uid === UID.result && typeof entity.id === 'number' && walk.withheld.has(entity.id)
      ? [...hiddenFields(walk.caller, model.uid), ...WITHHELD_RESULT_FIELDS]
      : hiddenFields(walk.caller, model.uid);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entity)) {
    if (hidden.includes(key)) {
      continue;
    }
    const target = targetOf(model.attributes[key]);
    const targetModel = target ? modelOf(walk.strapi, target) : null;
    if (!target || !targetModel || value === null || value === undefined) {
      out[key] = value;
    } else if (Array.isArray(value)) {
      out[key] = value
        .filter((row) => !isRecord(row) || canSee(walk, target, row))
        .map((row) => signPrivate(model, key, redact(walk, targetModel, row)));
    } else if (isRecord(value) && !('count' in value && Object.keys(value).length === 1)) {
      out[key] = canSee(walk, target, value)
        ? signPrivate(model, key, redact(walk, targetModel, value))
        : null;
    } else {
      out[key] = value;
    }
  }
  return out;
};

/** Ids of the result rows anywhere in an answer (the entity itself and populated relations). */
const resultIdsIn = (
  strapi: Core.Strapi,
  model: ModelLike,
  entity: unknown,
  out: Set<number> = new Set(),
  depth = 0,
): Set<number> => {
  if (!isRecord(entity) || depth > 10) {
    return out;
  }
  if (model.uid === UID.result && typeof entity.id === 'number') {
    out.add(entity.id);
  }
  for (const [key, value] of Object.entries(entity)) {
    const target = targetOf(model.attributes[key]);
    const targetModel = target ? modelOf(strapi, target) : null;
    if (targetModel && value !== null && value !== undefined) {
      for (const row of relatedRows(value)) {
        resultIdsIn(strapi, targetModel, row, out, depth + 1);
      }
    }
  }
  return out;
};

/**
 * Content-API output sanitizer (REST answers of core controllers and of users-permissions' own
 * endpoints): removes the fields rules.ts hides from the caller and, unless this request read the
 * type through the document guard (whose populate is already scoped), drops related rows the
 * caller may not read.
 */
export const createOutputSanitizer =
  (strapi: Core.Strapi) =>
  (schema: { uid?: string }) =>
  async (data: unknown): Promise<unknown> => {
    const caller = await currentCaller(strapi);
    const model = schema?.uid ? modelOf(strapi, schema.uid) : null;
    if (caller.kind === 'system' || !model || !isRecord(data)) {
      return data;
    }
    const memo = requestMemo(strapi);
    const walk: Walk = {
      strapi,
      caller,
      scoped: new Map(),
      visible: memo.visible,
      checkRows: !memo.scopedOutputs.has(model.uid),
      withheld: new Set(),
    };
    const ids = new Map<string, Set<number>>();
    await collect(walk, model, data, ids);
    if (walk.checkRows) {
      for (const [uid, set] of ids) {
        await rememberVisible(strapi, caller, uid, set, memo.visible);
      }
    }
    if (isLearnerLike(caller)) {
      const results = resultIdsIn(strapi, model, data);
      if (results.size > 0) {
        walk.withheld = await withheldResultIds(strapi, results);
      }
    }
    const out = redact(walk, model, data);
    if (model.uid === FILE_UID && typeof data.id === 'number' && isRecord(out)) {
      // The upload plugin's own answers (file lists of staff): signed when the file is private.
      const priv = await privateFileIds(strapi.db.connection, [data.id]);
      return priv.has(data.id) ? signFileRecord(out) : out;
    }
    return out;
  };
