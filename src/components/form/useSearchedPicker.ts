// A picker of several records fed by a server search as the person types (the first page shows
// before any typing): the chosen records (listed first among the options) and the search, with
// the id the picker keys by on every item.
import { useState } from 'react';
import { optionsOf, type QueryResultLike } from '../../store/queryState';
import { useSearchTerm, withChosen } from './refPickerHelpers';

export type WithId<T> = T & { id: number };

/** Records with an id each: their own, else a negative stand-in that no stored record has. */
function withIds<T extends object>(items: readonly T[] | null | undefined): WithId<T>[] {
  return (items ?? []).map((item, index) => ({
    ...item,
    id: 'id' in item && typeof item.id === 'number' ? item.id : -(index + 1),
  }));
}

/** An area's search query hook: `useXSearchQuery(term, { skip })`. */
export type SearchQueryHook<T> = (term: string, options: { skip: boolean }) => QueryResultLike<T>;

/**
 * What a MultiRefPicker needs besides its label and labels, starting from the records chosen
 * before (`value`, `onChange`, `options`, `loading`, `error`, `onSearch`): spread it into it.
 */
export function useSearchedPicker<T extends { documentId: string }>(
  initial: readonly T[] | null | undefined,
  useSearch: SearchQueryHook<T>,
) {
  const [chosen, setChosen] = useState(() => withIds(initial));
  const [typed, setTyped] = useState('');
  const search = useSearchTerm(typed, true);
  const found = optionsOf(useSearch(search.term, { skip: search.skip }));
  return {
    value: chosen,
    onChange: setChosen,
    options: withChosen(chosen, withIds(found.items)),
    loading: found.status === 'loading',
    error: found.error,
    onSearch: setTyped,
  };
}
