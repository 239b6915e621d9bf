// /faculties (admins): faculty members paged and searched by name; create, edit (with their user
// accounts and avatars), delete, and import from the template.
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { RecordTable, recordsOf, type RecordColumn } from '../../components/data/RecordTable';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
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

const COLUMNS: RecordColumn<Faculty>[] = [
  { header: 'Name', cell: (faculty) => faculty.FacultyName },
  { header: 'Email', cell: (faculty) => faculty.faculty_email_id ?? '—' },
  { header: 'Mobile', cell: (faculty) => faculty.faculty_mobile_number ?? '—' },
  { header: 'Batches', cell: (faculty) => names(faculty.batches, (item) => item.Batch) },
  { header: 'Courses', cell: (faculty) => names(faculty.courses, (item) => item.course_name) },
  { header: 'Subjects', cell: (faculty) => names(faculty.subjects, (item) => item.SubjectName) },
];

export function FacultiesPage() {
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 350);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'new' | 'import' | Faculty | null>(null);
  const [deleting, setDeleting] = useState<Faculty | null>(null);
  const list = useFacultiesPageQuery({ search, page });
  const [deleteFaculty] = useDeleteFacultyMutation();
  const loadError = list.isError
    ? queryErrorMessage(list.error, 'The faculties could not be loaded.')
    : null;
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
      <RecordTable
        name="Faculties"
        records={recordsOf(list, loadError)}
        columns={COLUMNS}
        rowKey={(faculty) => faculty.documentId}
        actions={(faculty) => (
          <>
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
          </>
        )}
        empty={{
          title: search ? 'No faculty matches' : 'No faculties yet',
          description: 'Add faculty members with New faculty or Import faculties.',
        }}
        page={page}
        pageSize={FACULTIES_PAGE_SIZE}
        onPage={setPage}
      />
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
