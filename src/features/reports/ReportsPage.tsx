// /reports/*: staff get the results of a Mains test or assignment and a learner's script at
// /reports/scripts/:resultId and a learner's progress at /reports/progress/:studentDocumentId;
// learners get their own Mains results (a chunk of its own). The
// staff views load with this chunk, as the test corner's do: nesting lazy chunks under it made
// the bundler split modules out of the entry chunk and pushed the first visit over 200 KB gzip.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { selectRoleKind } from '../../session/sessionSlice';
import { ResultsView } from './ResultsView';
import { TestReportsView } from './TestReportsView';
import { StaffLeaderboardPage } from './LeaderboardView';
import { ScriptPage } from './ScriptPage';
import { RecheckQueue } from './RecheckQueue';
import { LearnerProgressPage } from './ProgressView';

const MyResultsPage = lazy(() =>
  import('../mains/MyResultsPage').then((module) => ({ default: module.MyResultsPage })),
);

export function ReportsPage() {
  const role = useAppSelector(selectRoleKind);
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={role === 'student' ? <MyResultsPage /> : <StaffReports />} />
        <Route path="scripts/:resultId" element={<ScriptPage />} />
        <Route path="rechecks" element={<RecheckQueue />} />
        <Route path="progress/:studentDocumentId" element={<LearnerProgressPage />} />
        <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
      </Routes>
    </Suspense>
  );
}

/** Staff: a multiple-choice test's reports (?kind=mcq), the leaderboard of a series
 * (?kind=leaderboard), else the results of Mains work. */
function StaffReports() {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  if (kind === 'mcq') return <TestReportsView />;
  if (kind === 'leaderboard') return <StaffLeaderboardPage />;
  return <ResultsView />;
}
