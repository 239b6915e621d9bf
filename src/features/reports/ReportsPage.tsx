import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function ReportsPage() {
  return (
    <PageContainer title="Reports">
      <EmptyState
        title="No reports to show yet"
        description="Reports on results, attempts and evaluation progress appear here."
      />
    </PageContainer>
  );
}
