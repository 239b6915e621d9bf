// /testcorner/*: the test corner, plus the learner's Mains test page at /testcorner/mains/:id.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { Spinner } from '../../components/feedback/Spinner';
import { selectRoleKind } from '../../session/sessionSlice';
import { TestCornerPage } from '../test-authoring';

const MainsTestWorkPage = lazy(() =>
  import('./MainsTestWorkPage').then((module) => ({ default: module.MainsTestWorkPage })),
);

export function TestCornerArea() {
  const role = useAppSelector(selectRoleKind);
  return (
    <Routes>
      {role === 'student' ? (
        <Route
          path="mains/:documentId"
          element={
            <Suspense fallback={<Spinner />}>
              <MainsTestWorkPage />
            </Suspense>
          }
        />
      ) : null}
      <Route path="*" element={<TestCornerPage />} />
    </Routes>
  );
}
