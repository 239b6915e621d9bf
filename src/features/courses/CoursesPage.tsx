import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function CoursesPage() {
  return (
    <PageContainer title="Courses">
      <EmptyState
        title="No courses to show yet"
        description="Courses you manage or can study appear here, with their subjects, topics, materials, tests and assignments."
      />
    </PageContainer>
  );
}
