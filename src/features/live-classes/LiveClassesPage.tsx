// /live-classes/*: staff schedule classes and read attendance; learners see their upcoming
// classes and their own attendance history.
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/layout/PageContainer';
import { selectRoleKind } from '../../session/sessionSlice';
import { useAppSelector } from '../../store/hooks';
import { AttendancePage } from './AttendancePage';
import { MyAttendance } from './MyAttendance';
import { StaffLiveClasses } from './StaffLiveClasses';
import { UpcomingLiveClasses } from './UpcomingLiveClasses';

function LearnerLiveClasses() {
  return (
    <PageContainer title="Live classes">
      <UpcomingLiveClasses />
      <MyAttendance />
    </PageContainer>
  );
}

export function LiveClassesPage() {
  const staff = useAppSelector(selectRoleKind) !== 'student';
  return (
    <Routes>
      <Route index element={staff ? <StaffLiveClasses /> : <LearnerLiveClasses />} />
      <Route
        path=":documentId/attendance"
        element={staff ? <AttendancePage /> : <Navigate to={paths.liveClasses} replace />}
      />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}
