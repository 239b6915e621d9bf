// The tags of one kind of record, for the endpoints that list and write it: every list provides
// `{ type, id: 'LIST' }`; a successful write invalidates the lists (and the record it changed), so
// every list of that kind on screen reads again. A failed write invalidates nothing.
import type { TAG_TYPES } from './api';

export type TagType = (typeof TAG_TYPES)[number];

export interface Tag {
  type: TagType;
  id: string | number;
}

export function recordTags(type: TagType) {
  const list: Tag = { type, id: 'LIST' };
  return {
    /** What a list (a page, a search, a picker's choices) provides. */
    list: [list],
    /** The record `id` and the lists. */
    one: (id: string | number): Tag[] => [list, { type, id }],
    /** After a create: the lists (and `also`). */
    created:
      (also: readonly Tag[] = []) =>
      (_result: unknown, error: unknown): Tag[] =>
        error ? [] : [list, ...also],
    /** After a write to the record(s) `idsOf(arg)`: them and the lists (and `also`). */
    changed:
      <Arg>(idsOf: (arg: Arg) => string | readonly string[] | number, also: readonly Tag[] = []) =>
      (_result: unknown, error: unknown, arg: Arg): Tag[] => {
        if (error) return [];
        const ids = idsOf(arg);
        const records = typeof ids === 'object' ? ids : [ids];
        return [list, ...records.map((id) => ({ type, id })), ...also];
      },
  };
}
