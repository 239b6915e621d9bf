// /faculties (admins): faculty members paged and searched by name; create, edit (with their user
// accounts and avatars), delete, and import from the template.
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
import { useAppDispatch } from '../../store/hooks';
import { PageControls } from '../../components/data/PageControls';
import { queryErrorMessage } from '../../store/api';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { messageShown } from '../../store/uiSlice';
import {
  FACULTIES_PAGE_SIZE,
  FACULTIES_TEMPLATE_URL,
  facultiesImportMessage,
  facultiesUrls,
  type Faculty,
} from './facultiesUrls';
import { useDeleteFacultyMutation, useFacultiesPageQuery } from './facultiesEndpoints';

const FacultyFormDialog = lazy(() =>
  import('./FacultyFormDialog').then((module) => ({ default: module.FacultyFormDialog })),
);
const SpreadsheetImportDialog = lazy(() =>
  import('../../components/data/SpreadsheetImportDialog').then((module) => ({
    default: module.SpreadsheetImportDialog,
  })),
);

function names<T>(items: readonly T[] | null | undefined, name: (item: T) => string): string {
  return (items ?? []).map(name).join(', ') || '—';
}

export function FacultiesPage() {
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 350);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'new' | 'import' | Faculty | null>(null);
  const [deleting, setDeleting] = useState<Faculty | null>(null);
  const list = useFacultiesPageQuery({ search, page });
  const [deleteFaculty] = useDeleteFacultyMutation();
  const loading = list.isFetching;
  const loadError = list.isError
    ? queryErrorMessage(list.error, 'The faculties could not be loaded.')
    : null;
  const faculties = list.data?.data ?? [];
  const reload = () => void list.refetch();
  const say = (text: string) => dispatch(messageShown({ kind: 'success', text }));

  return (
    <PageContainer
      title="Faculties"
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => setDialog('new')}>
            New faculty
          </Button>
          <Button variant="outlined" onClick={() => setDialog('import')}>
            Import faculties
          </Button>
        </Stack>
      }
    >
      <Stack sx={{ mb: 2 }}>
        <TextInput
          label="Search faculties"
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
      {loading && !list.data ? <Spinner label="Loading faculties" /> : null}
      {list.isSuccess && !loading && faculties.length === 0 ? (
        <EmptyState
          title={search ? 'No faculty matches' : 'No faculties yet'}
          description="Add faculty members with New faculty or Import faculties."
        />
      ) : null}
      {faculties.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label="Loading faculties" /> : null}
          <TableContainer>
            <Table aria-label="Faculties" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Mobile</TableCell>
                  <TableCell>Batches</TableCell>
                  <TableCell>Courses</TableCell>
                  <TableCell>Subjects</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {faculties.map((faculty) => (
                  <TableRow key={faculty.documentId} hover>
                    <TableCell>{faculty.FacultyName}</TableCell>
                    <TableCell>{faculty.faculty_email_id ?? '—'}</TableCell>
                    <TableCell>{faculty.faculty_mobile_number ?? '—'}</TableCell>
                    <TableCell>{names(faculty.batches, (item) => item.Batch)}</TableCell>
                    <TableCell>{names(faculty.courses, (item) => item.course_name)}</TableCell>
                    <TableCell>{names(faculty.subjects, (item) => item.SubjectName)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => setDialog(faculty)}
                        aria-label={`Edit faculty ${faculty.FacultyName}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(faculty)}
                        aria-label={`Delete faculty ${faculty.FacultyName}`}
                      >
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls
            total={list.data?.meta.pagination?.total ?? faculties.length}
            page={page}
            pageSize={FACULTIES_PAGE_SIZE}
            onPage={setPage}
          />
        </Paper>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'new' || (dialog !== null && typeof dialog === 'object') ? (
          <FacultyFormDialog
            faculty={dialog === 'new' ? null : dialog}
            onClose={() => setDialog(null)}
            onSaved={() => {
              say(dialog === 'new' ? 'Faculty added.' : 'Faculty saved.');
            }}
          />
        ) : null}
        {dialog === 'import' ? (
          <SpreadsheetImportDialog
            title="Import faculties"
            fileLabel="Faculties spreadsheet"
            templateUrl={FACULTIES_TEMPLATE_URL}
            skippedLabel="Skipped faculties"
            endpoint={facultiesUrls.bulk}
            fallbackMessage={facultiesImportMessage}
            onImported={reload}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete faculty?"
        message={`"${deleting?.FacultyName ?? ''}" and their user account will be deleted.`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteFaculty(deleting.documentId).unwrap();
          say('Faculty deleted.');
        }}
      />
    </PageContainer>
  );
}
