// /subjects (staff): the subject list, and /subjects/:documentId with the subject's topics.
import { ListDetailRoutes } from '../../components/layout/ListDetailRoutes';
import { SubjectListView } from './SubjectListView';
import { SubjectDetailView } from './SubjectDetailView';

export function SubjectsPage() {
  return <ListDetailRoutes list={<SubjectListView />} detail={<SubjectDetailView />} />;
}
