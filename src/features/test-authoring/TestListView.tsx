// /testcorner (staff): every test, newest first, paged on the server and filtered by the
// category, sub-category and second sub-category kept for tests. Create, edit, duplicate,
// notify the faculties and delete from here.
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
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
import { paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { errorMessage } from '../../lib/strapi';
import { messageShown, selectCategorySelection, selectionChanged } from '../../store/uiSlice';
import { NotifyFacultiesDialog } from './NotifyFacultiesDialog';
import { TestCategoryFilter } from './TestCategoryFilter';
import { categoryChain, durationText, validity } from './testLabels';
import {
  useDeleteTestMutation,
  useDuplicateTestMutation,
  useLazyTestDetailQuery,
  useNotifyFacultiesMutation,
  useTestListQuery,
} from './testsEndpoints';
import { TESTS_PAGE_SIZE } from './testsUrls';
import type { Test, TestDetail } from './testTypes';
import { PageControls } from '../../components/data/PageControls';

const TestFormDialog = lazy(() =>
  import('./TestFormDialog').then((module) => ({ default: module.TestFormDialog })),
);

export function TestListView() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const selection = useAppSelector(selectCategorySelection('tests'));
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TestDetail | 'new' | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Test | null>(null);
  const [notifying, setNotifying] = useState<Test | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const { category, subCategory, subCategory2 } = selection;
  const list = useTestListQuery({
    page,
    categoryId: category,
    subCategoryId: subCategory,
    subCategory2Id: subCategory2,
  });
  const [deleteTest] = useDeleteTestMutation();
  const [duplicateTest] = useDuplicateTestMutation();
  const [notifyFaculties] = useNotifyFacultiesMutation();
  const [readTest] = useLazyTestDetailQuery();
  const tests = list.data?.data ?? [];
  const pagination = list.data?.meta.pagination ?? null;
  const loading = list.isFetching;
  const error = list.isError
    ? queryErrorMessage(list.error, 'The tests could not be loaded.')
    : null;
  const reload = () => void list.refetch();
  const filtered = Boolean(category || subCategory || subCategory2);

  const edit = async (test: Test) => {
    setOpening(test.documentId);
    try {
      setEditing(await readTest(test.documentId).unwrap());
    } catch (failure) {
      dispatch(
        messageShown({
          kind: 'error',
          text: errorMessage(failure, 'The test could not be loaded.'),
        }),
      );
    } finally {
      setOpening(null);
    }
  };

  const duplicate = async (test: Test) => {
    setBusy(test.documentId);
    try {
      const copy = await duplicateTest(test.documentId).unwrap();
      dispatch(messageShown({ kind: 'success', text: 'Test duplicated' }));
      dispatch(selectionChanged({ key: 'test', id: copy.documentId }));
      navigate(`${paths.testCorner}/${copy.documentId}`);
    } catch (failure) {
      dispatch(messageShown({ kind: 'error', text: errorMessage(failure) }));
      setBusy(null);
    }
  };

  return (
    <PageContainer
      title="Test corner"
      actions={
        <Button variant="contained" onClick={() => setEditing('new')}>
          New test
        </Button>
      }
    >
      <TestCategoryFilter scope="tests" onChange={() => setPage(1)} />
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
      {loading && tests.length === 0 ? <Spinner label="Loading tests" /> : null}
      {list.isSuccess && !loading && tests.length === 0 ? (
        <EmptyState
          title={filtered ? 'No test in this category' : 'No tests yet'}
          description={
            filtered
              ? 'Choose another category, or all categories.'
              : 'Create a test with New test.'
          }
        />
      ) : null}
      {tests.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label="Loading tests" /> : null}
          <TableContainer>
            <Table aria-label="Tests" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell>Course</TableCell>
                  <TableCell>Duration</TableCell>
                  <TableCell>Valid</TableCell>
                  <TableCell align="right">Maximum marks</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tests.map((test) => (
                  <TableRow key={test.documentId} hover>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`${paths.testCorner}/${test.documentId}`}
                        onClick={() =>
                          dispatch(selectionChanged({ key: 'test', id: test.documentId }))
                        }
                      >
                        {test.TestName}
                      </Link>
                    </TableCell>
                    <TableCell>{categoryChain(test)}</TableCell>
                    <TableCell>{test.course?.course_name ?? '—'}</TableCell>
                    <TableCell>{durationText(test.TestDuration)}</TableCell>
                    <TableCell>{validity(test)}</TableCell>
                    <TableCell align="right">{test.MaximumMarks ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        disabled={opening === test.documentId}
                        onClick={() => void edit(test)}
                        aria-label={`Edit test ${test.TestName}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        disabled={busy === test.documentId}
                        onClick={() => void duplicate(test)}
                        aria-label={`Duplicate test ${test.TestName}`}
                      >
                        Duplicate
                      </Button>
                      <Button
                        size="small"
                        onClick={() => setNotifying(test)}
                        aria-label={`Notify faculties of test ${test.TestName}`}
                      >
                        Notify
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(test)}
                        aria-label={`Delete test ${test.TestName}`}
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
            total={pagination?.total ?? tests.length}
            page={page}
            pageSize={TESTS_PAGE_SIZE}
            onPage={setPage}
          />
        </Paper>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <TestFormDialog
            test={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              dispatch(
                messageShown({
                  kind: 'success',
                  text: editing === 'new' ? 'Test created.' : 'Test saved.',
                }),
              );
              // The save refreshes every test list (its tag); a new test shows on page 1.
              if (editing === 'new') setPage(1);
            }}
          />
        </Suspense>
      ) : null}
      {notifying ? (
        <NotifyFacultiesDialog
          testName={notifying.TestName}
          onNotify={(message) =>
            notifyFaculties({ testId: notifying.documentId, message }).unwrap()
          }
          onNotified={(count) =>
            dispatch(messageShown({ kind: 'success', text: `Notified ${count} faculty member(s)` }))
          }
          onClose={() => setNotifying(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete test?"
        message={
          <Box component="span">
            "{deleting?.TestName ?? ''}" will be deleted. This cannot be undone.
          </Box>
        }
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteTest(deleting.documentId).unwrap();
          dispatch(messageShown({ kind: 'success', text: 'Test deleted.' }));
        }}
      />
    </PageContainer>
  );
}
