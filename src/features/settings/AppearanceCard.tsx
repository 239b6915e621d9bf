// Settings for everyone (issue 24): the portal's look on this device (mode, direction, colour
// theme, corners), the same choices as the top bar's appearance button, applied at once.
import Typography from '@mui/material/Typography';
import { SettingsCard } from '../../components/layout/SettingsCard';
import { AppearanceControls } from '../../theme/AppearanceControls';

export function AppearanceCard() {
  return (
    <SettingsCard headingId="appearance-title" title="Appearance">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Kept on this device and applied at once; the appearance button in the top bar offers the
        same choices.
      </Typography>
      <AppearanceControls />
    </SettingsCard>
  );
}
