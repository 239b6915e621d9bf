import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function TestCornerPage() {
  return (
    <PageContainer title="Test corner">
      <EmptyState
        title="No tests to show yet"
        description="Tests appear here, filtered by category, sub-category and second sub-category."
      />
    </PageContainer>
  );
}
