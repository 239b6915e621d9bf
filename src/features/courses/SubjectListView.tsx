import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { paths } from '../../lib/paths';
import { RecordListPage } from '../../components/data/RecordListPage';
import type { RecordColumn } from '../../components/data/RecordTable';
import { useListSearch } from '../../components/data/useListSearch';
import type { Subject } from './courseTypes';
import { SubjectFormDialog } from './SubjectFormDialog';
import { useDeleteSubjectMutation, useSubjectListQuery } from './subjectsEndpoints';
import { SUBJECTS_PAGE_SIZE } from './subjectsUrls';

const COLUMNS: RecordColumn<Subject>[] = [
  {
    header: 'Name',
    cell: (subject) => (
      <Link component={RouterLink} to={`${paths.subjects}/${subject.documentId}`}>
        {subject.SubjectName}
      </Link>
    ),
  },
  { header: 'Code', cell: (subject) => subject.subject_code || '—' },
];

export function SubjectListView() {
  const search = useListSearch();
  const query = search.search;
  // Saving or deleting a subject refreshes the list (its tag).
  const list = useSubjectListQuery({ page: search.page, search: query });
  const [deleteSubject] = useDeleteSubjectMutation();

  return (
    <RecordListPage
      title="Subjects"
      query={list}
      search={search}
      columns={COLUMNS}
      rowKey={(subject) => subject.documentId}
      noun="subject"
      nameOf={(subject) => subject.SubjectName}
      empty={{
        title: query ? `No subject matches "${query}"` : 'No subjects yet',
        description: query ? 'Try another name.' : 'Create a subject, then add its topics.',
      }}
      pageSize={SUBJECTS_PAGE_SIZE}
      form={(subject, close) => <SubjectFormDialog subject={subject} onClose={close} />}
      deletion={{
        title: 'Delete subject?',
        message: (subject) =>
          `"${subject.SubjectName}" will be deleted. Courses that use it lose it.`,
        run: (subject) => deleteSubject(subject.documentId).unwrap(),
      }}
    />
  );
}
