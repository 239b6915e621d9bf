// Settings for everyone (issue 24): end the account's sessions on every other device (a phone
// left signed in, a shared computer); this device stays signed in with a new token.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { SettingsCard } from '../../components/layout/SettingsCard';
import { formatDateTime } from '../../lib/dates';
import { tokenRenewed } from '../../session/sessionSlice';
import { useAppDispatch } from '../../store/hooks';
import { useEndOtherSessionsMutation } from './sessionsEndpoints';

export function SessionsCard() {
  const dispatch = useAppDispatch();
  const [endOthers] = useEndOtherSessionsMutation();
  const [confirming, setConfirming] = useState(false);
  const [endedAt, setEndedAt] = useState<string | null>(null);
  return (
    <SettingsCard headingId="sessions-title" title="Sessions">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Signed in on a phone or a shared computer you no longer use? Sign out there from here; you
        stay signed in on this device.
      </Typography>
      {endedAt ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Every other device was signed out at {formatDateTime(endedAt)}.
        </Alert>
      ) : null}
      <Button variant="outlined" onClick={() => setConfirming(true)}>
        Sign out of every other device
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sign out of every other device?"
        message="Every other browser or device signed in to your account is signed out at once. Unsaved work there is lost; an exam in progress keeps its saved answers."
        confirmLabel="Sign out elsewhere"
        destructive={false}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const answer = await endOthers().unwrap();
          dispatch(tokenRenewed(answer.jwt));
          setEndedAt(answer.signedOutAt);
        }}
      />
    </SettingsCard>
  );
}
