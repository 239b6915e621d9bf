// /testcorner/*: staff get the test list and /testcorner/:documentId, a test's page; learners
// get their tests, a test's instructions, the attempt player and results (features/exam, loaded
// as chunks of their own).
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { lazyScreen } from '../../lib/lazyScreen';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { selectRoleKind } from '../../session/sessionSlice';
import { TestDetailView } from './TestDetailView';
import { TestListView } from './TestListView';

const LearnerTestList = lazyScreen(
  () => import('../test-taking/LearnerTestList'),
  'LearnerTestList',
);
const TestStartPage = lazyScreen(() => import('../test-taking/TestStartPage'), 'TestStartPage');
const AttemptPlayer = lazyScreen(() => import('../test-taking/AttemptPlayer'), 'AttemptPlayer');
const ResultPage = lazyScreen(() => import('../test-taking/ResultPage'), 'ResultPage');
const TestPreviewPage = lazyScreen(
  () => import('../test-taking/TestPreviewPage'),
  'TestPreviewPage',
);

function LearnerTestCorner() {
  return (
    <Routes>
      <Route index element={<LearnerTestList />} />
      <Route path="attempt/:attemptId" element={<AttemptPlayer />} />
      <Route path="result/:resultId" element={<ResultPage />} />
      <Route path=":testId/start" element={<TestStartPage />} />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}

export function TestCornerPage() {
  const role = useAppSelector(selectRoleKind);
  if (role === 'student') {
    return (
      <Suspense fallback={<Spinner />}>
        <LearnerTestCorner />
      </Suspense>
    );
  }
  return (
    <Routes>
      <Route index element={<TestListView />} />
      <Route path=":documentId" element={<TestDetailView />} />
      {/* Preview as a learner (issue 26): the player's view, no attempt. */}
      <Route
        path=":documentId/preview"
        element={
          <Suspense fallback={<Spinner />}>
            <TestPreviewPage />
          </Suspense>
        }
      />
      {/* A learner's attempt review, opened from a test's results (issue 22). */}
      <Route
        path="result/:resultId"
        element={
          <Suspense fallback={<Spinner />}>
            <ResultPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}
