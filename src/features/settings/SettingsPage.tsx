import { EmptyState } from '../../components/feedback/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';

export function SettingsPage() {
  return (
    <PageContainer title="Settings">
      <EmptyState
        title="Nothing to configure here yet"
        description="Portal settings appear here. The look of the portal (mode, direction, colours) is changed from the settings button in the top bar."
      />
    </PageContainer>
  );
}
