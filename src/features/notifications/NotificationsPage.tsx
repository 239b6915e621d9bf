import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function NotificationsPage() {
  return (
    <PageContainer title="Notifications">
      <EmptyState
        title="No notifications"
        description="Your notifications appear here, newest first."
      />
    </PageContainer>
  );
}
