// /assignment/*: staff get the assignment list and /assignment/:documentId, an assignment's page;
// learners get their assignments and /assignment/:documentId/work, the work page (features/mains,
// loaded as chunks of their own). The staff views load with this chunk (see ReportsPage).
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { ListDetailRoutes } from '../../components/layout/ListDetailRoutes';
import { selectRoleKind } from '../../session/sessionSlice';
import { AssignmentDetailView } from './AssignmentDetailView';
import { AssignmentListView } from './AssignmentListView';

const LearnerAssignmentList = lazy(() =>
  import('../mains/LearnerAssignmentList').then((module) => ({
    default: module.LearnerAssignmentList,
  })),
);
const AssignmentWorkPage = lazy(() =>
  import('../mains/AssignmentWorkPage').then((module) => ({ default: module.AssignmentWorkPage })),
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
        <ListDetailRoutes list={<AssignmentListView />} detail={<AssignmentDetailView />} />
      )}
    </Suspense>
  );
}
