import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function LearnersPage() {
  return (
    <PageContainer title="Learners">
      <EmptyState
        title="No learners to show yet"
        description="Learners appear here with search, import from the template and export to a spreadsheet."
      />
    </PageContainer>
  );
}
