// The options of a picker fed by a server search as the person types (the first page shows before
// any typing): the chosen records stay listed first, and every item gets the id the picker keys by.
import { useState } from 'react';
import { optionsOf, type QueryResultLike } from '../../store/queryState';
import { useSearchTerm, withChosen } from './refPickerHelpers';

export type WithId<T> = T & { id: number };

/** Records with an id each: their own, else a negative stand-in that no stored record has. */
export function withIds<T extends object>(items: readonly T[] | null | undefined): WithId<T>[] {
  return (items ?? []).map((item, index) => ({
    ...item,
    id: 'id' in item && typeof item.id === 'number' ? item.id : -(index + 1),
  }));
}

/** An area's search query hook: `useXSearchQuery(term, { skip })`. */
export type SearchQueryHook<T> = (term: string, options: { skip: boolean }) => QueryResultLike<T>;

/**
 * What a MultiRefPicker needs of a server search besides its label, value and labels: spread it
 * into the picker (`options`, `loading`, `error`, `onSearch`).
 */
export function useSearchedChoices<T extends { documentId: string }>(
  chosen: readonly WithId<T>[],
  useSearch: SearchQueryHook<T>,
) {
  const [typed, setTyped] = useState('');
  const search = useSearchTerm(typed, true);
  const found = optionsOf(useSearch(search.term, { skip: search.skip }));
  return {
    options: withChosen(chosen, withIds(found.items)),
    loading: found.status === 'loading',
    error: found.error,
    onSearch: setTyped,
  };
}
