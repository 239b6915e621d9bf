// /reports/*: staff get the results of a Mains test or assignment and a learner's script at
// /reports/scripts/:resultId; learners get their own Mains results.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { selectRoleKind } from '../session/sessionSlice';

const ResultsView = lazy(() =>
  import('./ResultsView').then((module) => ({ default: module.ResultsView })),
);
const ScriptPage = lazy(() =>
  import('./ScriptPage').then((module) => ({ default: module.ScriptPage })),
);
const MyResultsPage = lazy(() =>
  import('../mains/LearnerPages').then((module) => ({ default: module.MyResultsPage })),
);

export function ReportsPage() {
  const role = useAppSelector(selectRoleKind);
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={role === 'student' ? <MyResultsPage /> : <ResultsView />} />
        <Route path="scripts/:resultId" element={<ScriptPage />} />
        <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
      </Routes>
    </Suspense>
  );
}
