import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function TestSubCategory2Page() {
  return (
    <PageContainer title="Second-level sub-categories">
      <EmptyState
        title="No second-level sub-categories yet"
        description="Second-level test sub-categories and their parent sub-categories appear here."
      />
    </PageContainer>
  );
}
