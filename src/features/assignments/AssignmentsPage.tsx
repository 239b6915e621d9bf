// /assignment/*: staff get the assignment list and /assignment/:documentId, an assignment's page;
// learners get their assignments and /assignment/:documentId/work, the work page (features/mains,
// loaded as chunks of their own).
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { selectRoleKind } from '../session/sessionSlice';

const AssignmentListView = lazy(() =>
  import('./AssignmentListView').then((module) => ({ default: module.AssignmentListView })),
);
const AssignmentDetailView = lazy(() =>
  import('./AssignmentDetailView').then((module) => ({ default: module.AssignmentDetailView })),
);
const LearnerAssignmentList = lazy(() =>
  import('../mains/LearnerPages').then((module) => ({ default: module.LearnerAssignmentList })),
);
const AssignmentWorkPage = lazy(() =>
  import('../mains/WorkPage').then((module) => ({ default: module.AssignmentWorkPage })),
);

const toNotFound = <Navigate to={paths.auth.notFound} replace />;

export function AssignmentsPage() {
  const role = useAppSelector(selectRoleKind);
  return (
    <Suspense fallback={<Spinner />}>
      {role === 'student' ? (
        <Routes>
          <Route index element={<LearnerAssignmentList />} />
          <Route path=":documentId/work" element={<AssignmentWorkPage />} />
          <Route path=":documentId" element={<Navigate to="work" replace />} />
          <Route path="*" element={toNotFound} />
        </Routes>
      ) : (
        <Routes>
          <Route index element={<AssignmentListView />} />
          <Route path=":documentId" element={<AssignmentDetailView />} />
          <Route path="*" element={toNotFound} />
        </Routes>
      )}
    </Suspense>
  );
}
