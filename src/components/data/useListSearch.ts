// The search box and page of a server-searched, paged list: what is typed, the settled search
// term the query sends (350 ms after typing stops), and the page, back to 1 on a new search.
// Every searched list (people, batches, courses, subjects, the question pool) uses this one.
import { useState } from 'react';
import { useSearchTerm } from '../form/refPickerHelpers';

export interface ListSearch {
  /** The trimmed term once typing settles: what the list's query sends. */
  search: string;
  page: number;
  setPage: (page: number) => void;
  /** The search box's type, value and onChange, to spread on a TextInput. */
  field: { type: 'search'; value: string; onChange: (text: string) => void };
}

export function useListSearch(): ListSearch {
  const [typed, setTyped] = useState('');
  const { term: search } = useSearchTerm(typed, true);
  const [page, setPage] = useState(1);
  const onChange = (text: string) => {
    setTyped(text);
    setPage(1);
  };
  return { search, page, setPage, field: { type: 'search', value: typed, onChange } };
}
