import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function FacultiesPage() {
  return (
    <PageContainer title="Faculties">
      <EmptyState
        title="No faculties to show yet"
        description="Faculty members appear here with their batches, courses and subjects."
      />
    </PageContainer>
  );
}
