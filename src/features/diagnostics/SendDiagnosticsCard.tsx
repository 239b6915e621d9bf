import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { selectUserInfo } from '../../session/sessionSlice';
import { DIAGNOSTICS_SENT, useSendDiagnosticsMutation } from './diagnosticsEndpoints';
import { SettingsCard } from '../../components/layout/SettingsCard';

/** Settings: send this browser's diagnostic logs to the administrators. */
export function SendDiagnosticsCard() {
  const userId = useAppSelector(selectUserInfo)?.id ?? null;
  const [sendDiagnostics, { isLoading: busy, isSuccess: sent, error: failure }] =
    useSendDiagnosticsMutation();
  const error = queryErrorMessage(failure);

  return (
    <SettingsCard headingId="diagnostics-title" title="Diagnostics">
      <Stack spacing={2} sx={{ maxWidth: 640, alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          If something does not work, send the portal&apos;s recent technical logs to the
          administrators. They list the pages&apos; calls to the server (addresses, results and
          timings, never what you typed or your password) and the app&apos;s console messages, with
          your browser and device.
        </Typography>
        {sent ? <Alert severity="success">{DIAGNOSTICS_SENT}</Alert> : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button variant="outlined" disabled={busy} onClick={() => void sendDiagnostics(userId)}>
          {busy ? 'Sending…' : 'Send diagnostics'}
        </Button>
      </Stack>
    </SettingsCard>
  );
}
