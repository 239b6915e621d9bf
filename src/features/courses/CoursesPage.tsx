// /course/*: the course list (by role) and /course/:documentId, the course page.
import { ListDetailRoutes } from '../../components/layout/ListDetailRoutes';
import { CourseListView } from './CourseListView';
import { CourseDetailView } from './CourseDetailView';

export function CoursesPage() {
  return <ListDetailRoutes list={<CourseListView />} detail={<CourseDetailView />} />;
}
