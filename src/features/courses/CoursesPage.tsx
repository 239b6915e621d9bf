// /course/*: the course list (by role) and /course/:documentId, the course page.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Spinner } from '../../components/feedback/Spinner';

const CourseListView = lazy(() =>
  import('./CourseListView').then((module) => ({ default: module.CourseListView })),
);
const CourseDetailView = lazy(() =>
  import('./CourseDetailView').then((module) => ({ default: module.CourseDetailView })),
);

export function CoursesPage() {
  return (
    <Suspense fallback={<Spinner label="Loading courses" />}>
      <Routes>
        <Route index element={<CourseListView />} />
        <Route path=":documentId" element={<CourseDetailView />} />
        <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
      </Routes>
    </Suspense>
  );
}
