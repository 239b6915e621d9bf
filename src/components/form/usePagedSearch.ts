// The search of a list paged and searched on the server: what is typed, the query once typing
// settles, and the page, which goes back to the first one whenever the search changes.
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

export function usePagedSearch() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  return {
    /** The query to send (typing settled). */
    query,
    page,
    setPage,
    /** A search TextInput's type, value and onChange. */
    field: {
      type: 'search' as const,
      value: search,
      onChange: (value: string) => {
        setSearch(value);
        setPage(1);
      },
    },
  };
}
