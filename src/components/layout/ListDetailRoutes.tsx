// The routes of a record area (courses, subjects, assignments for staff): its list at the index,
// one record's page at `:documentId`, and any other address the not-found page. One home, so
// every area answers an unknown address the same way (issue 19).
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../lib/paths';

export function ListDetailRoutes({ list, detail }: { list: ReactElement; detail: ReactElement }) {
  return (
    <Routes>
      <Route index element={list} />
      <Route path=":documentId" element={detail} />
      <Route path="*" element={<Navigate to={paths.auth.notFound} replace />} />
    </Routes>
  );
}
