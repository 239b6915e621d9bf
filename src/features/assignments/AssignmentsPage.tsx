import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function AssignmentsPage() {
  return (
    <PageContainer title="Assignments">
      <EmptyState
        title="No assignments to show yet"
        description="Assignments appear here, newest first, filtered by category."
      />
    </PageContainer>
  );
}
