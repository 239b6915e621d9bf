import Stack from '@mui/material/Stack';
import { PageContainer } from '../../components/layout/PageContainer';
import { SendDiagnosticsCard } from '../diagnostics';
import { ChangePasswordCard } from '../accounts';
import { NotificationPreferencesCard } from '../notifications';
import { useAppSelector } from '../../store/hooks';
import { selectRoleKind } from '../../session/sessionSlice';
import { AppearanceCard } from './AppearanceCard';
import { InstituteCard } from './InstituteCard';
import { SessionsCard } from './SessionsCard';
import { ProfileCard } from './ProfileCard';
import { LanguageCard } from './LanguageCard';
import { TimeZoneCard } from './TimeZoneCard';

export function SettingsPage() {
  const administrator = useAppSelector(selectRoleKind) === 'admin';
  return (
    <PageContainer title="Settings">
      <Stack spacing={3}>
        <ProfileCard />
        {administrator ? <InstituteCard /> : null}
        <LanguageCard />
        <TimeZoneCard />
        <ChangePasswordCard />
        <AppearanceCard />
        <NotificationPreferencesCard />
        <SessionsCard />
        <SendDiagnosticsCard />
      </Stack>
    </PageContainer>
  );
}
