// /testcorner for learners: the tests they may see, newest first, paged on the server, each with
// its status and what they may do now. (The learner's endpoint has no category filter.)
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { queryErrorMessage } from '../../store/api';
import { MY_TESTS_PAGE_SIZE, useMyTestsQuery } from './examEndpoints';
import { MyTestItem } from './MyTestItem';
import { PageControls } from '../../components/data/PageControls';
import { MainsTestsSection } from '../mains';

interface MyTestsListProps {
  courseId?: string | null;
  pageSize?: number;
  emptyText: string;
}

/** The list itself, shared by the test corner and a course's Tests tab. */
export function MyTestsList({
  courseId = null,
  pageSize = MY_TESTS_PAGE_SIZE,
  emptyText,
}: MyTestsListProps) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isSuccess, error, refetch } = useMyTestsQuery({
    page,
    courseId,
    pageSize,
  });
  const message = queryErrorMessage(error, 'Your tests could not be loaded.');
  const shown = data?.items ?? [];
  const pagination = data?.pagination ?? null;
  const loading = isFetching;

  return (
    <>
      {message ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {message}
        </Alert>
      ) : null}
      {loading && shown.length === 0 ? <Spinner label="Loading your tests" /> : null}
      {isSuccess && !loading && shown.length === 0 ? <EmptyState title={emptyText} /> : null}
      {shown.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label="Loading your tests" /> : null}
          <List aria-label="Your tests" disablePadding>
            {shown.map((test) => (
              <MyTestItem key={test.documentId} test={test} />
            ))}
          </List>
          {(pagination?.pageCount ?? 1) > 1 ? (
            <PageControls
              total={pagination?.total ?? shown.length}
              page={page}
              pageSize={pageSize}
              onPage={setPage}
            />
          ) : null}
        </Paper>
      ) : null}
    </>
  );
}

export function LearnerTestList() {
  return (
    <PageContainer title="Test corner">
      <MyTestsList emptyText="No tests for you yet" />
      <MainsTestsSection />
    </PageContainer>
  );
}

/** A course's Tests tab for a learner. */
export function CourseTestsPanel({ courseId }: { courseId: string }) {
  return <MyTestsList courseId={courseId} pageSize={100} emptyText="No tests in this course" />;
}
