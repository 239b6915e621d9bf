import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function UsersPage() {
  return (
    <PageContainer title="Users">
      <EmptyState
        title="No users to show yet"
        description="Users with their roles appear here, with create, edit and import."
      />
    </PageContainer>
  );
}
