import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { UserCaller } from './caller';
import { isRecord, targetOf, type ModelLike } from './model';
import { collectRefs, isEmptyRefs } from './refs';
import { UID } from './rules';
import type { Refs } from './visibility';

type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

const REFUSED = 'Only administrators change which faculty members teach or grade this.';

/** The faculty ids that `refs` name; null when one of them is not a faculty member. */
const facultyIds = async (strapi: Core.Strapi, refs: Refs): Promise<Set<number> | null> => {
  if (isEmptyRefs(refs)) {
    return new Set();
  }
  const rows = (await strapi.db.query(UID.faculty).findMany({
    where: {
      $or: [
        ...(refs.ids.length > 0 ? [{ id: { $in: refs.ids } }] : []),
        ...(refs.documentIds.length > 0 ? [{ documentId: { $in: refs.documentIds } }] : []),
      ],
    },
    select: ['id', 'documentId'],
  })) as Array<{ id: number; documentId: string }>;
  const byDocument = new Map(rows.map((r) => [r.documentId, r.id]));
  const known = new Set(rows.map((r) => r.id));
  if (!refs.ids.every((id) => known.has(id))) {
    return null;
  }
  const ids = new Set(refs.ids);
  for (const documentId of refs.documentIds) {
    const id = byDocument.get(documentId);
    if (id === undefined) {
      return null;
    }
    ids.add(id);
  }
  return ids;
};

/** The faculty ids a relation input leaves linked, from the ids linked now. */
const finalFaculties = async (
  strapi: Core.Strapi,
  input: unknown,
  current: ReadonlySet<number>,
  key: string,
): Promise<Set<number> | null> => {
  if (input === null) {
    return new Set();
  }
  if (!isRecord(input) || !('set' in input || 'connect' in input || 'disconnect' in input)) {
    return facultyIds(strapi, collectRefs(input, key));
  }
  const base = 'set' in input ? await facultyIds(strapi, collectRefs(input.set, key)) : current;
  const added = await facultyIds(strapi, collectRefs(input.connect ?? [], key));
  const removed = await facultyIds(strapi, collectRefs(input.disconnect ?? [], key));
  if (!base || !added || !removed) {
    return null;
  }
  const result = new Set([...base, ...added]);
  removed.forEach((id) => result.delete(id));
  return result;
};

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean =>
  a.size === b.size && [...a].every((id) => b.has(id));

/**
 * Who teaches or grades what is the administrators' (issue 18, point 10): a faculty member
 * assigned to a test, an assignment, a course or a batch reads its learners' scripts and results,
 * so a faculty member who could add themselves would read anyone's work. For a faculty caller,
 * every relation to faculty members (found from the schema, so a new one is covered):
 * - on create, may name only the caller (the SPA's new course is its author's);
 * - on update, may be sent only unchanged (the SPA's forms send the list they loaded).
 * Anything else is a 403. Administrators and the server's own code are not limited here.
 */
export const assertStaffingUnchanged = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  model: ModelLike,
  action: 'create' | 'update',
  data: Record<string, unknown>,
  documentId: string | undefined,
  checked: ReadonlySet<string>,
): Promise<void> => {
  if (caller.role !== 'faculty') {
    return;
  }
  const keys = Object.keys(data).filter(
    (key) =>
      !checked.has(key) &&
      data[key] !== undefined &&
      targetOf(model.attributes[key]) === UID.faculty,
  );
  if (keys.length === 0) {
    return;
  }
  const stored =
    action === 'update' && documentId
      ? ((await strapi.db.query(model.uid as QueryUid).findOne({
          where: { documentId },
          select: ['id'],
          populate: Object.fromEntries(keys.map((key) => [key, { select: ['id'] }])),
        })) as Record<string, unknown> | null)
      : null;
  for (const key of keys) {
    const linked = stored?.[key];
    const current = new Set(
      (Array.isArray(linked) ? linked : linked ? [linked] : [])
        .filter(isRecord)
        .map((row) => row.id as number),
    );
    const next = await finalFaculties(strapi, data[key], current, key);
    const allowed =
      action === 'create'
        ? next !== null && [...next].every((id) => id === caller.facultyId)
        : next !== null && sameSet(next, current);
    if (!allowed) {
      throw new errors.ForbiddenError(REFUSED);
    }
  }
};
