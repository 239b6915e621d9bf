// Settings for everyone (issue 24): the time zone dates are shown and typed in. "Institute default
// (Asia/Kolkata)" or one of the browser's zones, searched by name; saved on the person's profile
// (it follows them to another device) and applied at once: the card's "now" and every screen
// rendered afterwards use it.
import { useCallback, useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SettingsCard } from '../../components/layout/SettingsCard';
import { formatDateTime, knownTimeZones, pickDisplayZone, setDisplayZone } from '../../lib/dates';
import { useProfileQuery, useUpdateProfileMutation } from './profileEndpoints';
import { ChoiceStatus, useProfileChoice } from './profileChoice';
import { useInstitute } from './useInstitute';

/** The institute's default: the empty choice. */
const DEFAULT = '';

export function TimeZoneCard() {
  const { data: profile } = useProfileQuery();
  const institute = useInstitute();
  const [save, saving] = useUpdateProfileMutation();
  const { pending, outcome, choose } = useProfileChoice(async (zone: string) => {
    const saved = await save({ timeZone: zone === DEFAULT ? null : zone }).unwrap();
    // At once, before this card renders again (TimeZoneSync agrees once the profile is read).
    setDisplayZone(pickDisplayZone(saved.timeZone ?? null, institute.defaultTimeZone));
  });
  const options = useMemo(() => [DEFAULT, ...knownTimeZones()], []);
  const chosen = pending ?? profile?.timeZone ?? DEFAULT;
  const instituteZone = institute.defaultTimeZone;
  // One function while the institute's zone stays (a new one makes the field retype its value).
  const label = useCallback(
    (zone: string) =>
      zone === DEFAULT ? `Institute default (${instituteZone})` : zone.replace(/_/g, ' '),
    [instituteZone],
  );

  return (
    <SettingsCard headingId="time-zone-title" title="Time zone">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Dates and times are shown in this time zone, and times you type are read in it. Now:{' '}
        {formatDateTime(new Date().toISOString(), { zone: true })}.
      </Typography>
      <Autocomplete
        options={options}
        value={chosen}
        disableClearable
        disabled={saving.isLoading || profile === undefined}
        getOptionLabel={label}
        onChange={(_event, zone) => {
          if (zone !== chosen) void choose(zone);
        }}
        renderInput={(params) => <TextField {...params} label="Time zone" />}
        sx={{ maxWidth: 420 }}
      />
      <ChoiceStatus
        outcome={outcome}
        saved="Time zone saved."
        failed="The time zone could not be saved."
      />
    </SettingsCard>
  );
}
