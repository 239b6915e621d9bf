// /course/*: the course list (by role) and /course/:documentId, the course page.
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { CourseListView } from './CourseListView';
import { CourseDetailView } from './CourseDetailView';

export function CoursesPage() {
  return (
    <Routes>
      <Route index element={<CourseListView />} />
      <Route path=":documentId" element={<CourseDetailView />} />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}
