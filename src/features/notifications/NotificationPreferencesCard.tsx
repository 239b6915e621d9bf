// Settings (issue 20): per kind of notification of the user's role, in-app on/off and email
// on/off. The user's edits are kept apart from the server's choices until Save answers, so a
// failed save keeps them (with the error) and a successful one shows what the server stored.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { queryErrorMessage } from '../../store/api';
import { LoadError } from '../../components/feedback/LoadError';
import {
  useNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} from './notificationsEndpoints';
import type { KindPreference, PreferenceChoice } from './notificationTypes';
import { SettingsCard } from '../../components/layout/SettingsCard';

type Channel = 'inApp' | 'email';
type Edits = Record<string, Partial<Record<Channel, boolean>>>;

const PREFERENCES_FAILED = 'Your notification settings could not be loaded.';
const SAVE_FAILED = 'Your notification settings could not be saved.';

function choicesOf(kinds: readonly KindPreference[], edits: Edits): PreferenceChoice[] {
  return kinds.map(({ kind, inApp, email }) => ({
    kind,
    inApp: edits[kind]?.inApp ?? inApp,
    email: edits[kind]?.email ?? email,
  }));
}

export function NotificationPreferencesCard() {
  const query = useNotificationPreferencesQuery();
  const [save, saving] = useSaveNotificationPreferencesMutation();
  const [edits, setEdits] = useState<Edits>({});
  const [saved, setSaved] = useState(false);
  const kinds = query.data?.kinds ?? [];
  const choices = choicesOf(kinds, edits);
  const changed = Object.keys(edits).length > 0;
  const loadError = queryErrorMessage(query.error, PREFERENCES_FAILED);
  const saveError = queryErrorMessage(saving.error, SAVE_FAILED);

  const toggle = (kind: string, channel: Channel, value: boolean) => {
    setSaved(false);
    setEdits((now) => ({ ...now, [kind]: { ...now[kind], [channel]: value } }));
  };
  const submit = async () => {
    try {
      await save(choices).unwrap();
      setEdits({});
      setSaved(true);
    } catch {
      // The error shows from the mutation's state; the edits stay.
    }
  };

  return (
    <SettingsCard headingId="notification-settings-title" title="Notifications">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Choose which notifications appear in the portal and which are also sent by email.
      </Typography>
      {loadError ? <LoadError message={loadError} onRetry={() => void query.refetch()} /> : null}
      {query.isLoading ? (
        <CircularProgress size={24} aria-label="Loading notification settings" />
      ) : null}
      {query.isSuccess && kinds.length === 0 ? (
        <Typography color="text.secondary">No notifications to choose for your role.</Typography>
      ) : null}
      {kinds.length > 0 ? (
        <Stack spacing={1} sx={{ maxWidth: 640 }}>
          {kinds.map(({ kind, label }, index) => {
            const choice = choices[index];
            return (
              <Box
                key={kind}
                role="group"
                aria-label={label}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
              >
                <Typography sx={{ flex: '1 1 200px' }}>{label}</Typography>
                <label>
                  <Switch
                    checked={choice?.inApp ?? false}
                    onChange={(_event, value) => toggle(kind, 'inApp', value)}
                    slotProps={{ input: { 'aria-label': `${label}: in-app` } }}
                  />
                  In-app
                </label>
                <label>
                  <Switch
                    checked={choice?.email ?? false}
                    onChange={(_event, value) => toggle(kind, 'email', value)}
                    slotProps={{ input: { 'aria-label': `${label}: email` } }}
                  />
                  Email
                </label>
              </Box>
            );
          })}
          {saveError ? <Alert severity="error">{saveError}</Alert> : null}
          {saved && !changed ? (
            <Alert severity="success">Your notification settings are saved.</Alert>
          ) : null}
          <Box>
            <Button
              variant="outlined"
              disabled={!changed || saving.isLoading}
              onClick={() => void submit()}
              startIcon={saving.isLoading ? <CircularProgress size={16} /> : null}
            >
              {saving.isLoading ? 'Saving…' : 'Save'}
            </Button>
          </Box>
        </Stack>
      ) : null}
    </SettingsCard>
  );
}
