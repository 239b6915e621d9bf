// /subjects (staff): the subject list, and /subjects/:documentId with the subject's topics.
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { SubjectListView } from './SubjectListView';
import { SubjectDetailView } from './SubjectDetailView';

export function SubjectsPage() {
  return (
    <Routes>
      <Route index element={<SubjectListView />} />
      <Route path=":documentId" element={<SubjectDetailView />} />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}
