// /batches (staff): batches paged and searched on the server. Admins create, edit and delete
// them and edit their learners; faculty read the batches they teach.
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { RecordTable, recordsOf, type RecordColumn } from '../../components/data/RecordTable';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
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
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 350);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BatchRow | 'new' | null>(null);
  const [members, setMembers] = useState<BatchRow | null>(null);
  const [deleting, setDeleting] = useState<BatchRow | null>(null);
  const list = useBatchesPageQuery({ search, page });
  const [deleteBatch] = useDeleteBatchMutation();
  const loadError = list.isError
    ? queryErrorMessage(list.error, 'The batches could not be loaded.')
    : null;
  const say = (text: string) => dispatch(messageShown({ kind: 'success', text }));

  return (
    <PageContainer
      title="Batches"
      actions={
        canManage ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New batch
          </Button>
        ) : null
      }
    >
      <Stack sx={{ mb: 2 }}>
        <TextInput
          label="Search batches"
          type="search"
          value={typed}
          onChange={(text) => {
            setTyped(text);
            setPage(1);
          }}
        />
      </Stack>
      <RecordTable
        name="Batches"
        records={recordsOf(list, loadError)}
        columns={COLUMNS}
        rowKey={(batch) => batch.documentId}
        onRowClick={canManage ? setMembers : undefined}
        actions={
          canManage
            ? (batch) => (
                <>
                  <Button
                    size="small"
                    onClick={() => setMembers(batch)}
                    aria-label={`Members of ${batch.Batch}`}
                  >
                    Members
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setEditing(batch)}
                    aria-label={`Edit batch ${batch.Batch}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(batch)}
                    aria-label={`Delete batch ${batch.Batch}`}
                  >
                    Delete
                  </Button>
                </>
              )
            : undefined
        }
        empty={{
          title: search ? 'No batch matches' : 'No batches to show yet',
          description: canManage ? 'Create a batch with New batch.' : 'You teach no batch yet.',
        }}
        page={page}
        pageSize={BATCHES_PAGE_SIZE}
        onPage={setPage}
      />
      <Suspense fallback={null}>
        {editing ? (
          <BatchFormDialog
            batch={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              say(editing === 'new' ? 'Batch created.' : 'Batch saved.');
              if (editing === 'new') setPage(1);
            }}
          />
        ) : null}
        {members ? (
          <BatchMembersDialog
            batch={members}
            onClose={() => setMembers(null)}
            onSaved={(count) => {
              say(`${members.Batch} now has ${count} learner(s).`);
            }}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete batch?"
        message={`"${deleting?.Batch ?? ''}" will be deleted. Its learners stay.`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteBatch(deleting.documentId).unwrap();
          say('Batch deleted.');
        }}
      />
    </PageContainer>
  );
}
