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
import { useRemote } from '../../components/data/useRemote';
import type { Pagination } from '../../lib/strapi';
import { getMyWork, MY_WORK_PAGE_SIZE } from './mainsApi';
import type { WorkItem, WorkKind } from './mainsTypes';
import { WorkItemCard } from './WorkItemCard';

interface MyWorkListProps {
  kind: WorkKind;
  /** The list's accessible name ("Your assignments"). */
  label: string;
  emptyText: string;
}

interface Loaded {
  items: WorkItem[];
  pagination: Pagination | null;
}

export function MyWorkList({ kind, label, emptyText }: MyWorkListProps) {
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const {
    data: loaded,
    status,
    error,
  } = useRemote<Loaded>(
    `${kind}|${page}|${reloads}`,
    async () => {
      const answer = await getMyWork(kind, page);
      return { items: answer.data, pagination: answer.meta.pagination ?? null };
    },
    'Your work could not be loaded.',
  );

  const items = loaded?.items ?? [];
  return (
    <>
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setReloads((n) => n + 1)}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {status === 'loading' && items.length === 0 ? <Spinner label={`Loading ${label}`} /> : null}
      {status === 'succeeded' && items.length === 0 ? <EmptyState title={emptyText} /> : null}
      {items.length > 0 ? (
        <Paper variant="outlined" aria-busy={status === 'loading'}>
          {status === 'loading' ? <LinearProgress aria-label={`Loading ${label}`} /> : null}
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
