import type { Core } from '@strapi/strapi';
import type { Caller } from './caller';
import { NOTHING, readScope } from './rules';

/** References to documents, as a client may send them (numeric ids and/or documentIds). */
export interface Refs {
  ids: number[];
  documentIds: string[];
}

interface Row {
  id: number;
  documentId: string;
}

/**
 * The rows among `refs` that `caller` may read (the read scope of rules.ts, straight on the query
 * engine). Used by the output sanitizer, the GraphQL relation guard and the write checks.
 */
export const findVisible = async (
  strapi: Core.Strapi,
  caller: Caller,
  uid: string,
  refs: Refs,
): Promise<Row[]> => {
  if (refs.ids.length === 0 && refs.documentIds.length === 0) {
    return [];
  }
  const scope = await readScope(caller, uid);
  if (scope === NOTHING) {
    return [];
  }
  const match = {
    $or: [
      ...(refs.ids.length > 0 ? [{ id: { $in: refs.ids } }] : []),
      ...(refs.documentIds.length > 0 ? [{ documentId: { $in: refs.documentIds } }] : []),
    ],
  };
  return (await strapi.db.query(uid as Parameters<Core.Strapi['db']['query']>[0]).findMany({
    where: scope ? { $and: [match, scope] } : match,
    select: ['id', 'documentId'],
  })) as Row[];
};

/** Which of `ids` the caller may read, remembered in `memo` (uid → id → visible) for the request. */
export const rememberVisible = async (
  strapi: Core.Strapi,
  caller: Caller,
  uid: string,
  ids: Iterable<number>,
  memo: Map<string, Map<number, boolean>>,
): Promise<Map<number, boolean>> => {
  let known = memo.get(uid);
  if (!known) {
    known = new Map();
    memo.set(uid, known);
  }
  const unknown = [...new Set(ids)].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const visible = new Set(
      (await findVisible(strapi, caller, uid, { ids: unknown, documentIds: [] })).map((r) => r.id),
    );
    for (const id of unknown) {
      known.set(id, visible.has(id));
    }
  }
  return known;
};
