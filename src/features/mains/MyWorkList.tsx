// A learner's Mains work of one kind, newest first, paged on the server (my-work).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import { PageControls } from '../../components/data/PageControls';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { queryErrorMessage } from '../../store/api';
import { MY_WORK_PAGE_SIZE, useMyWorkQuery } from './mainsEndpoints';
import type { WorkKind } from './mainsTypes';
import { WorkItemCard } from './WorkItemCard';

interface MyWorkListProps {
  kind: WorkKind;
  /** The list's accessible name ("Your assignments"). */
  label: string;
  emptyText: string;
}

export function MyWorkList({ kind, label, emptyText }: MyWorkListProps) {
  const [page, setPage] = useState(1);
  const { data: loaded, isFetching, isSuccess, error, refetch } = useMyWorkQuery({ kind, page });
  const message = queryErrorMessage(error, 'Your work could not be loaded.');
  const loading = isFetching;

  const items = loaded?.items ?? [];
  return (
    <>
      {message ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {message}
        </Alert>
      ) : null}
      {loading && items.length === 0 ? <Spinner label={`Loading ${label}`} /> : null}
      {isSuccess && !loading && items.length === 0 ? <EmptyState title={emptyText} /> : null}
      {items.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label={`Loading ${label}`} /> : null}
          <List aria-label={label} disablePadding>
            {items.map((item) => (
              <WorkItemCard key={`${item.kind}-${item.documentId}`} item={item} />
            ))}
          </List>
          {(loaded?.pagination?.pageCount ?? 1) > 1 ? (
            <PageControls
              total={loaded?.pagination?.total ?? items.length}
              page={page}
              pageSize={MY_WORK_PAGE_SIZE}
              onPage={setPage}
            />
          ) : null}
        </Paper>
      ) : null}
    </>
  );
}
