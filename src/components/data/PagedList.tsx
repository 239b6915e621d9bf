// A server-paged list of cards as a learner sees it: the load's error with Retry, a spinner
// for the first load, the empty state, the list (with a progress bar while another page loads)
// and the pager when there is more than one page. The screen loads; this only shows.
import { Fragment, type ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import type { Pagination } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import { EmptyState } from '../feedback/EmptyState';
import { LoadError } from '../feedback/LoadError';
import { Spinner } from '../feedback/Spinner';
import { PageControls } from './PageControls';

/** What a paged list query hook answers (RTK Query), as this list reads it. */
export interface PagedQuery<T> {
  data?: { items: readonly T[]; pagination: Pagination | null };
  isFetching: boolean;
  isSuccess: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** Said when the load fails without a message of the server's. */
  errorText: string;
  /** The list's accessible name ("Your tests"). */
  label: string;
  /** The spinner's and progress bar's name ("Loading your tests"). */
  loadingLabel: string;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  emptyText: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

export function PagedList<T>(props: PagedListProps<T>) {
  const { query, errorText, label, loadingLabel, keyOf, renderItem, emptyText } = props;
  const { page, pageSize, onPage } = props;
  const items = query.data?.items ?? [];
  const pagination = query.data?.pagination ?? null;
  const loading = query.isFetching;
  const error = queryErrorMessage(query.error, errorText);
  return (
    <>
      {error ? <LoadError message={error} onRetry={() => void query.refetch()} /> : null}
      {loading && items.length === 0 ? <Spinner label={loadingLabel} /> : null}
      {query.isSuccess && !loading && items.length === 0 ? <EmptyState title={emptyText} /> : null}
      {items.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label={loadingLabel} /> : null}
          <List aria-label={label} disablePadding>
            {items.map((item) => (
              <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
            ))}
          </List>
          {(pagination?.pageCount ?? 1) > 1 ? (
            <PageControls
              total={pagination?.total ?? items.length}
              page={page}
              pageSize={pageSize}
              onPage={onPage}
            />
          ) : null}
        </Paper>
      ) : null}
    </>
  );
}
