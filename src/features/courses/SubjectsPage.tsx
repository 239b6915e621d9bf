import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function SubjectsPage() {
  return (
    <PageContainer title="Subjects">
      <EmptyState
        title="No subjects to show yet"
        description="Subjects and their topics, materials and videos appear here."
      />
    </PageContainer>
  );
}
