// What a list shows besides its items: the load's error (with Retry when the list offers it), a
// spinner while a load has nothing to show yet, and the empty state once a load answered nothing.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { EmptyState } from './EmptyState';
import { LoadError } from './LoadError';
import { Spinner } from './Spinner';

interface ListStatesProps {
  /** The items on screen. */
  count: number;
  /** A load is running. */
  loading: boolean;
  /** The last load answered (an empty answer shows the empty state). */
  loaded: boolean;
  error: string | null;
  /** Reads the list again from the error's Retry (none: no Retry). */
  onRetry?: () => void;
  /** The spinner's accessible name ("Loading subjects"). */
  loadingLabel: string;
  empty: { title: string; description?: ReactNode };
}

export function ListStates(props: ListStatesProps) {
  const { count, loading, loaded, error, onRetry, loadingLabel, empty } = props;
  return (
    <>
      {error && onRetry ? <LoadError message={error} onRetry={onRetry} /> : null}
      {error && !onRetry ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {loading && count === 0 ? <Spinner label={loadingLabel} /> : null}
      {loaded && !loading && count === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : null}
    </>
  );
}
