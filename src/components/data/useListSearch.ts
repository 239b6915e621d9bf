// The search box and page of a server-searched, paged list: what is typed, the settled search
// term the query sends (350 ms after typing stops), and the page, back to 1 on a new search.
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

export interface ListSearch {
  /** What the search box shows. */
  typed: string;
  /** The trimmed term once typing settles: what the list's query sends. */
  search: string;
  /** Types into the search box; the list goes back to its first page. */
  onType: (text: string) => void;
  page: number;
  setPage: (page: number) => void;
}

export function useListSearch(): ListSearch {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 350);
  const [page, setPage] = useState(1);
  const onType = (text: string) => {
    setTyped(text);
    setPage(1);
  };
  return { typed, search, onType, page, setPage };
}
