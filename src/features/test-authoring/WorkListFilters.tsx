// The staff list's own filters for tests and assignments (issue 23): a name search, a course, a
// status and a date range, all sent to the server with the list's query (testsUrls.ts); the
// categories above the list stay TestCategoryFilter's. Also the status chip of a row.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { DateInput } from '../../components/form/DateInput';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { CoursePicker } from './WorkRelations';
import type { CourseRef, WorkStatus } from './testTypes';

export const STATUS_LABELS: Record<WorkStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  closed: 'Closed',
};

const STATUS_CHOICES = (Object.keys(STATUS_LABELS) as WorkStatus[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

const STATUS_COLORS = { draft: 'default', published: 'success', closed: 'warning' } as const;

/** A record's status as a chip (a record without one is published). */
export function WorkStatusChip({ status }: { status?: WorkStatus | null }) {
  const value = status ?? 'published';
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[value]}
      color={STATUS_COLORS[value]}
      variant={value === 'draft' ? 'outlined' : 'filled'}
    />
  );
}

/** The filters' values, as the list query takes them. */
export interface WorkFilterValues {
  search: string;
  courseId: string | null;
  status: WorkStatus | null;
  from: string | null;
  to: string | null;
}

/** The filters' state: what the list query sends (the search once typing settles). */
export function useWorkFilters(onChange: () => void) {
  const [typed, setTyped] = useState('');
  const { term } = useSearchTerm(typed, true);
  const [course, setCourse] = useState<CourseRef | null>(null);
  const [status, setStatus] = useState<WorkStatus | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onChange();
    };
  const values: WorkFilterValues = {
    search: term,
    courseId: course?.documentId ?? null,
    status,
    from: from || null,
    to: to || null,
  };
  return {
    values,
    active: Boolean(term || course || status || from || to),
    fields: { typed, course, status, from, to },
    set: {
      typed: changed(setTyped),
      course: changed(setCourse),
      status: changed(setStatus),
      from: changed(setFrom),
      to: changed(setTo),
    },
  };
}

export type WorkFilters = ReturnType<typeof useWorkFilters>;

const filterGrid = {
  display: 'grid',
  gap: 2,
  mb: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 2fr 1fr 1fr 1fr' },
};

/** The filter row above the list. */
export function WorkListFilters({ filters, noun }: { filters: WorkFilters; noun: string }) {
  const { fields, set } = filters;
  return (
    <Box sx={filterGrid}>
      <TextInput
        label={`Search ${noun}s by name`}
        type="search"
        value={fields.typed}
        onChange={set.typed}
      />
      <CoursePicker label="Filter by course" value={fields.course} onChange={set.course} />
      <SelectInput
        label="Status"
        value={fields.status ?? ''}
        onChange={(value) => set.status(value ? (value as WorkStatus) : null)}
        choices={STATUS_CHOICES}
        emptyLabel="All statuses"
      />
      <DateInput label="From" value={fields.from} onChange={set.from} />
      <DateInput label="To" value={fields.to} onChange={set.to} />
    </Box>
  );
}
