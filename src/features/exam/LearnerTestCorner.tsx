// /testcorner/* for learners: their tests, a test's instructions, the attempt being taken and a
// result. Each screen is a chunk of its own (the player and the result load when opened).
import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyScreen } from '../../app/lazyScreen';
import { paths } from '../../app/paths';
import { Spinner } from '../../components/feedback/Spinner';

const LearnerTestList = lazyScreen(() => import('./LearnerTestList'), 'LearnerTestList');
const TestStartPage = lazyScreen(() => import('./TestStartPage'), 'TestStartPage');
const AttemptPlayer = lazyScreen(() => import('./AttemptPlayer'), 'AttemptPlayer');
const ResultPage = lazyScreen(() => import('./ResultPage'), 'ResultPage');

function load(Screen: ComponentType) {
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
}

export function LearnerTestCorner() {
  return (
    <Routes>
      <Route index element={load(LearnerTestList)} />
      <Route path="attempt/:attemptId" element={load(AttemptPlayer)} />
      <Route path="result/:resultId" element={load(ResultPage)} />
      <Route path=":testId/start" element={load(TestStartPage)} />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}
