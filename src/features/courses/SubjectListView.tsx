import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { queryErrorMessage } from '../../store/api';
import { paths } from '../../lib/paths';
import { ConfirmDelete } from '../../components/feedback/ConfirmDelete';
import { ListStates } from '../../components/feedback/ListStates';
import { EditDeleteButtons } from '../../components/data/EditDeleteButtons';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { useListSearch } from '../../components/data/useListSearch';
import type { Subject } from './courseTypes';
import { SubjectFormDialog } from './SubjectFormDialog';
import { useDeleteSubjectMutation, useSubjectListQuery } from './subjectsEndpoints';
import { SUBJECTS_PAGE_SIZE } from './subjectsUrls';
import { PageControls } from '../../components/data/PageControls';

export function SubjectListView() {
  const { search: query, page, setPage, field: searchField } = useListSearch();
  const [editing, setEditing] = useState<Subject | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Subject | null>(null);
  // Saving or deleting a subject refreshes the list (its tag).
  const list = useSubjectListQuery({ page, search: query });
  const [deleteSubject] = useDeleteSubjectMutation();
  const subjects = list.data?.data ?? [];
  const pagination = list.data?.meta.pagination ?? null;
  const loading = list.isFetching;
  const error = list.isError
    ? queryErrorMessage(list.error, 'The subjects could not be loaded.')
    : null;

  return (
    <PageContainer
      title="Subjects"
      actions={
        <Button variant="contained" onClick={() => setEditing('new')}>
          New subject
        </Button>
      }
    >
      <Box sx={{ maxWidth: 360, mb: 2 }}>
        <TextInput label="Search subjects" {...searchField} />
      </Box>
      <ListStates
        count={subjects.length}
        loading={loading}
        loaded={list.isSuccess}
        error={error}
        loadingLabel="Loading subjects"
        empty={{
          title: query ? `No subject matches "${query}"` : 'No subjects yet',
          description: query ? 'Try another name.' : 'Create a subject, then add its topics.',
        }}
      />
      {subjects.length > 0 ? (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label="Subjects">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Code</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {subjects.map((subject) => (
                  <TableRow key={subject.documentId} hover>
                    <TableCell>
                      <Link component={RouterLink} to={`${paths.subjects}/${subject.documentId}`}>
                        {subject.SubjectName}
                      </Link>
                    </TableCell>
                    <TableCell>{subject.subject_code || '—'}</TableCell>
                    <TableCell align="right">
                      <EditDeleteButtons
                        name={`subject ${subject.SubjectName}`}
                        onEdit={() => setEditing(subject)}
                        onDelete={() => setDeleting(subject)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls
            total={pagination?.total ?? subjects.length}
            page={page}
            pageSize={SUBJECTS_PAGE_SIZE}
            onPage={setPage}
          />
        </Paper>
      ) : null}
      {editing ? (
        <SubjectFormDialog
          subject={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDelete
        record={deleting}
        title="Delete subject?"
        message={`"${deleting?.SubjectName ?? ''}" will be deleted. Courses that use it lose it.`}
        onClose={() => setDeleting(null)}
        onDelete={(subject) => deleteSubject(subject.documentId).unwrap()}
      />
    </PageContainer>
  );
}
