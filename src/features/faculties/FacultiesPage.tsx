// /faculties (admins): faculty members paged and searched by name; create, edit (with their user
// accounts and avatars), delete, and import from the template.
import { lazy } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { RecordListPage } from '../../components/data/RecordListPage';
import type { RecordColumn } from '../../components/data/RecordTable';
import { useListSearch } from '../../components/data/useListSearch';
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
  const search = useListSearch();
  const list = useFacultiesPageQuery({ search: search.search, page: search.page });
  const [deleteFaculty] = useDeleteFacultyMutation();
  const say = (text: string) => dispatch(messageShown({ kind: 'success', text }));

  return (
    <RecordListPage
      title="Faculties"
      query={list}
      search={search}
      columns={COLUMNS}
      rowKey={(faculty) => faculty.documentId}
      noun="faculty"
      nameOf={(faculty) => faculty.FacultyName}
      empty={{
        title: search.search ? 'No faculty matches' : 'No faculties yet',
        description: 'Add faculty members with New faculty or Import faculties.',
      }}
      pageSize={FACULTIES_PAGE_SIZE}
      form={(faculty, close) => (
        <FacultyFormDialog
          faculty={faculty}
          onClose={close}
          onSaved={() => say(faculty ? 'Faculty saved.' : 'Faculty added.')}
        />
      )}
      sheetImport={{
        templateUrl: FACULTIES_TEMPLATE_URL,
        endpoint: facultiesUrls.bulk,
        fallbackMessage: facultiesImportMessage,
      }}
      deletion={{
        title: 'Delete faculty?',
        message: (faculty) => `"${faculty.FacultyName}" and their user account will be deleted.`,
        run: async (faculty) => {
          await deleteFaculty(faculty.documentId).unwrap();
          say('Faculty deleted.');
        },
      }}
    />
  );
}
