import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function BatchesPage() {
  return (
    <PageContainer title="Batches">
      <EmptyState
        title="No batches to show yet"
        description="Batches (cohorts) with their learners, courses and faculties appear here."
      />
    </PageContainer>
  );
}
