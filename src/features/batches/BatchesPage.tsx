// /batches (staff): batches paged and searched on the server. Admins create, edit and delete
// them and edit their learners; faculty read the batches they teach.
import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageControls } from '../../components/data/PageControls';
import { queryErrorMessage } from '../../store/api';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
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
  const loading = list.isFetching;
  const loadError = list.isError
    ? queryErrorMessage(list.error, 'The batches could not be loaded.')
    : null;
  const batches = list.data?.data ?? [];
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
      {loadError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      ) : null}
      {loading && !list.data ? <Spinner label="Loading batches" /> : null}
      {list.isSuccess && !loading && batches.length === 0 ? (
        <EmptyState
          title={search ? 'No batch matches' : 'No batches to show yet'}
          description={canManage ? 'Create a batch with New batch.' : 'You teach no batch yet.'}
        />
      ) : null}
      {batches.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label="Loading batches" /> : null}
          <TableContainer>
            <Table aria-label="Batches" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Batch</TableCell>
                  <TableCell>Start</TableCell>
                  <TableCell>End</TableCell>
                  <TableCell align="right">Learners</TableCell>
                  <TableCell>Courses</TableCell>
                  <TableCell>Faculties</TableCell>
                  {canManage ? <TableCell align="right">Actions</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {batches.map((batch) => (
                  <TableRow
                    key={batch.documentId}
                    hover
                    onClick={canManage ? () => setMembers(batch) : undefined}
                    sx={canManage ? { cursor: 'pointer' } : undefined}
                  >
                    <TableCell>{batch.Batch}</TableCell>
                    <TableCell>{dateText(batch.batch_start_date)}</TableCell>
                    <TableCell>{dateText(batch.batch_end_date)}</TableCell>
                    <TableCell align="right">{batch.studentCount}</TableCell>
                    <TableCell>
                      {batch.courses.map((course) => course.course_name).join(', ') || '—'}
                    </TableCell>
                    <TableCell>
                      {batch.faculties.map((faculty) => faculty.FacultyName).join(', ') || '—'}
                    </TableCell>
                    {canManage ? (
                      <TableCell
                        align="right"
                        sx={{ whiteSpace: 'nowrap' }}
                        onClick={(event) => event.stopPropagation()}
                      >
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
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls
            total={list.data?.meta.pagination?.total ?? batches.length}
            page={page}
            pageSize={BATCHES_PAGE_SIZE}
            onPage={setPage}
          />
        </Paper>
      ) : null}
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
