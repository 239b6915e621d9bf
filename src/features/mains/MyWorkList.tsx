// A learner's Mains work of one kind, newest first, paged on the server (my-work).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PagedList } from '../../components/data/PagedList';
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
  const query = useMyWorkQuery({ kind, page });
  return (
    <PagedList
      query={query}
      errorText="Your work could not be loaded."
      label={label}
      loadingLabel={`Loading ${label}`}
      keyOf={(item) => `${item.kind}-${item.documentId}`}
      renderItem={(item) => <WorkItemCard item={item} />}
      emptyText={emptyText}
      page={page}
      pageSize={MY_WORK_PAGE_SIZE}
      onPage={setPage}
    />
  );
}

interface MyWorkSectionProps extends MyWorkListProps {
  /** The section's heading ("Mains tests"), named by `headingId`. */
  title: string;
  headingId: string;
  spacing: { mt?: number; mb?: number };
}

/** A titled section of a page holding one kind of the learner's work. */
export function MyWorkSection({ title, headingId, spacing, ...list }: MyWorkSectionProps) {
  return (
    <Box component="section" aria-labelledby={headingId} sx={spacing}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <MyWorkList {...list} />
    </Box>
  );
}
