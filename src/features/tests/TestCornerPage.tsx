// /testcorner/*: staff get the test list and /testcorner/:documentId, a test's page; learners
// keep their placeholder until their own test list arrives.
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';
import { selectRoleKind } from '../session/sessionSlice';
import { TestDetailView } from './TestDetailView';
import { TestListView } from './TestListView';

function LearnerTestCorner() {
  return (
    <PageContainer title="Test corner">
      <EmptyState
        title="No tests to show yet"
        description="Tests appear here, filtered by category, sub-category and second sub-category."
      />
    </PageContainer>
  );
}

export function TestCornerPage() {
  const role = useAppSelector(selectRoleKind);
  if (role === 'student') return <LearnerTestCorner />;
  return (
    <Routes>
      <Route index element={<TestListView />} />
      <Route path=":documentId" element={<TestDetailView />} />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}
