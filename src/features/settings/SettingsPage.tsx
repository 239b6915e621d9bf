import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/layout/PageContainer';
import { SendDiagnosticsCard } from '../diagnostics';
import { ChangePasswordCard } from '../accounts';
import { NotificationPreferencesCard } from '../notifications';
import { useAppSelector } from '../../store/hooks';
import { selectRoleKind } from '../../session/sessionSlice';
import { InstituteCard } from './InstituteCard';
import { SessionsCard } from './SessionsCard';
import { ProfileCard } from './ProfileCard';
import { LanguageCard } from './LanguageCard';

export function SettingsPage() {
  const administrator = useAppSelector(selectRoleKind) === 'admin';
  return (
    <PageContainer title="Settings">
      <Stack spacing={3}>
        <ProfileCard />
        {administrator ? <InstituteCard /> : null}
        <LanguageCard />
        <ChangePasswordCard />
        <NotificationPreferencesCard />
        <SessionsCard />
        <SendDiagnosticsCard />
        <Typography variant="body2" color="text.secondary">
          The look of the portal (mode, direction, colours) is changed from the appearance button in
          the top bar.
        </Typography>
      </Stack>
    </PageContainer>
  );
}
