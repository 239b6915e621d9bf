// /subjects (staff): the subject list, and /subjects/:documentId with the subject's topics.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Spinner } from '../../components/feedback/Spinner';

const SubjectListView = lazy(() =>
  import('./SubjectListView').then((module) => ({ default: module.SubjectListView })),
);
const SubjectDetailView = lazy(() =>
  import('./SubjectDetailView').then((module) => ({ default: module.SubjectDetailView })),
);

export function SubjectsPage() {
  return (
    <Suspense fallback={<Spinner label="Loading subjects" />}>
      <Routes>
        <Route index element={<SubjectListView />} />
        <Route path=":documentId" element={<SubjectDetailView />} />
        <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
      </Routes>
    </Suspense>
  );
}
