// /assignment (staff): every assignment, newest first, paged on the server and filtered by the
// category, sub-category and second sub-category kept for assignments. Create, edit, delete.
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { queryErrorMessage } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { mainsPaths } from '../../lib/paths';
import { PageControls } from '../../components/data/PageControls';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { TestCategoryFilter } from '../test-authoring';
import { messageShown, selectCategorySelection, selectionChanged } from '../../store/uiSlice';
import { assignmentCategoryChain, minutesText } from './assignmentLabels';
import { ASSIGNMENTS_PAGE_SIZE } from './assignmentsUrls';
import {
  assignmentsEndpoints,
  useAssignmentListQuery,
  useDeleteAssignmentMutation,
} from './assignmentsEndpoints';
import type { Assignment, AssignmentDetail } from './assignmentTypes';

const AssignmentFormDialog = lazy(() =>
  import('./AssignmentFormDialog').then((module) => ({ default: module.AssignmentFormDialog })),
);

export function AssignmentListView() {
  const dispatch = useAppDispatch();
  const selection = useAppSelector(selectCategorySelection('assignments'));
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AssignmentDetail | 'new' | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Assignment | null>(null);

  const { category, subCategory, subCategory2 } = selection;
  const list = useAssignmentListQuery({
    page,
    categoryId: category,
    subCategoryId: subCategory,
    subCategory2Id: subCategory2,
  });
  const [deleteAssignment] = useDeleteAssignmentMutation();
  const assignments = list.data?.data ?? [];
  const pagination = list.data?.meta.pagination ?? null;
  const loading = list.isFetching;
  const error = list.isError
    ? queryErrorMessage(list.error, 'The assignments could not be loaded.')
    : null;
  const reload = () => void list.refetch();
  const filtered = Boolean(category || subCategory || subCategory2);

  const edit = async (assignment: Assignment) => {
    setOpening(assignment.documentId);
    try {
      // Read afresh for the form (with its relations), not kept subscribed in the cache.
      const detail = assignmentsEndpoints.endpoints.assignmentDetail.initiate(
        assignment.documentId,
        {
          subscribe: false,
          forceRefetch: true,
        },
      );
      setEditing(await dispatch(detail).unwrap());
    } catch (failure) {
      dispatch(messageShown({ kind: 'error', text: errorMessage(failure) }));
    } finally {
      setOpening(null);
    }
  };

  return (
    <PageContainer
      title="Assignments"
      actions={
        <Button variant="contained" onClick={() => setEditing('new')}>
          New assignment
        </Button>
      }
    >
      <TestCategoryFilter scope="assignments" onChange={() => setPage(1)} />
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {loading && assignments.length === 0 ? <Spinner label="Loading assignments" /> : null}
      {list.isSuccess && !loading && assignments.length === 0 ? (
        <EmptyState
          title={filtered ? 'No assignment in this category' : 'No assignments yet'}
          description={
            filtered
              ? 'Choose another category, or all categories.'
              : 'Create an assignment with New assignment.'
          }
        />
      ) : null}
      {assignments.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label="Loading assignments" /> : null}
          <TableContainer>
            <Table aria-label="Assignments" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell>Course</TableCell>
                  <TableCell>Duration</TableCell>
                  <TableCell>Submission date</TableCell>
                  <TableCell align="right">Maximum marks</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {assignments.map((assignment) => (
                  <TableRow key={assignment.documentId} hover>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={mainsPaths.assignment(assignment.documentId)}
                        onClick={() =>
                          dispatch(
                            selectionChanged({ key: 'assignment', id: assignment.documentId }),
                          )
                        }
                      >
                        {assignment.assignment_name}
                      </Link>
                    </TableCell>
                    <TableCell>{assignmentCategoryChain(assignment)}</TableCell>
                    <TableCell>{assignment.course?.course_name ?? '—'}</TableCell>
                    <TableCell>{minutesText(assignment.assignment_duration)}</TableCell>
                    <TableCell>{formatDateTime(assignment.assignment_submission_date)}</TableCell>
                    <TableCell align="right">{assignment.MaximumMarks ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        disabled={opening === assignment.documentId}
                        onClick={() => void edit(assignment)}
                        aria-label={`Edit assignment ${assignment.assignment_name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(assignment)}
                        aria-label={`Delete assignment ${assignment.assignment_name}`}
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
            total={pagination?.total ?? assignments.length}
            page={page}
            pageSize={ASSIGNMENTS_PAGE_SIZE}
            onPage={setPage}
          />
        </Paper>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <AssignmentFormDialog
            assignment={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              dispatch(
                messageShown({
                  kind: 'success',
                  text: editing === 'new' ? 'Assignment created.' : 'Assignment saved.',
                }),
              );
              if (editing === 'new') setPage(1);
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete assignment?"
        message={
          <Box component="span">
            "{deleting?.assignment_name ?? ''}" will be deleted. This cannot be undone.
          </Box>
        }
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteAssignment(deleting.documentId).unwrap();
          dispatch(messageShown({ kind: 'success', text: 'Assignment deleted.' }));
        }}
      />
    </PageContainer>
  );
}
