// /batches (staff): batches paged and searched on the server. Admins create, edit and delete
// them and edit their learners; faculty read the batches they teach.
import { lazy, useState } from 'react';
import Button from '@mui/material/Button';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { RecordListPage } from '../../components/data/RecordListPage';
import type { RecordColumn } from '../../components/data/RecordTable';
import { useListSearch } from '../../components/data/useListSearch';
import { selectRoleKind } from '../../session/sessionSlice';
import { messageShown } from '../../store/uiSlice';
import { BATCHES_PAGE_SIZE, type BatchRow } from './batchesUrls';
import { useBatchesPageQuery, useDeleteBatchMutation } from './batchesEndpoints';

const BatchFormDialog = lazy(() =>
  import('./BatchFormDialog').then((module) => ({ default: module.BatchFormDialog })),
);
const BatchMembersDialog = lazy(() =>
  import('./BatchMembersDialog').then((module) => ({ default: module.BatchMembersDialog })),
);

function dateText(value: string | null): string {
  return value ? value.slice(0, 10) : '—';
}

const COLUMNS: RecordColumn<BatchRow>[] = [
  { header: 'Batch', cell: (batch) => batch.Batch },
  { header: 'Start', cell: (batch) => dateText(batch.batch_start_date) },
  { header: 'End', cell: (batch) => dateText(batch.batch_end_date) },
  { header: 'Learners', cell: (batch) => batch.studentCount, align: 'right' },
  {
    header: 'Courses',
    cell: (batch) => batch.courses.map((course) => course.course_name).join(', ') || '—',
  },
  {
    header: 'Faculties',
    cell: (batch) => batch.faculties.map((faculty) => faculty.FacultyName).join(', ') || '—',
  },
];

export function BatchesPage() {
  const dispatch = useAppDispatch();
  const canManage = useAppSelector(selectRoleKind) === 'admin';
  const search = useListSearch();
  const [members, setMembers] = useState<BatchRow | null>(null);
  const list = useBatchesPageQuery({ search: search.search, page: search.page });
  const [deleteBatch] = useDeleteBatchMutation();
  const say = (text: string) => dispatch(messageShown({ kind: 'success', text }));

  return (
    <RecordListPage
      title="Batches"
      query={list}
      search={search}
      columns={COLUMNS}
      rowKey={(batch) => batch.documentId}
      noun="batch"
      nameOf={(batch) => batch.Batch}
      onRowClick={canManage ? setMembers : undefined}
      empty={{
        title: search.search ? 'No batch matches' : 'No batches to show yet',
        description: canManage ? 'Create a batch with New batch.' : 'You teach no batch yet.',
      }}
      pageSize={BATCHES_PAGE_SIZE}
      form={
        canManage
          ? (batch, close) => (
              <BatchFormDialog
                batch={batch}
                onClose={close}
                onSaved={() => {
                  say(batch ? 'Batch saved.' : 'Batch created.');
                  if (!batch) search.setPage(1);
                }}
              />
            )
          : undefined
      }
      deletion={
        canManage
          ? {
              title: 'Delete batch?',
              message: (batch) => `"${batch.Batch}" will be deleted. Its learners stay.`,
              run: async (batch) => {
                await deleteBatch(batch.documentId).unwrap();
                say('Batch deleted.');
              },
            }
          : undefined
      }
      rowActions={
        canManage
          ? (batch, { edit, remove }) => (
              <>
                <Button
                  size="small"
                  onClick={() => setMembers(batch)}
                  aria-label={`Members of ${batch.Batch}`}
                >
                  Members
                </Button>
                {edit}
                {remove}
              </>
            )
          : undefined
      }
      dialogs={
        members ? (
          <BatchMembersDialog
            batch={members}
            onClose={() => setMembers(null)}
            onSaved={(count) => say(`${members.Batch} now has ${count} learner(s).`)}
          />
        ) : null
      }
    />
  );
}
