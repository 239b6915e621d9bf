import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function QuestionPoolPage() {
  return (
    <PageContainer title="Question pool">
      <EmptyState
        title="The question pool is empty"
        description="Questions kept for reuse across tests and assignments appear here, with search and import."
      />
    </PageContainer>
  );
}
