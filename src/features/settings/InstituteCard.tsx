// Settings for administrators (issue 24): the institute's name, colour, time zone, idle time-out,
// registration and support contact, and its logo and favicon. What the administrator typed stays
// until the server has stored it (a refused save keeps it, with the server's words); each field's
// problem shows under it.
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { SettingsCard } from '../../components/layout/SettingsCard';
import { SettingsForm, useSettingsDraft } from '../../components/form/SettingsForm';
import { TextInput } from '../../components/form/TextInput';
import { formatDateTime } from '../../lib/dates';
import { queryErrorMessage } from '../../store/api';
import { InstituteFileRow } from './InstituteFileRow';
import { useInstituteQuery, useUpdateInstituteMutation } from './instituteEndpoints';
import type { Institute, InstituteChanges } from './instituteTypes';

type Draft = {
  name: string;
  primaryColour: string;
  defaultTimeZone: string;
  idleMinutes: string;
  registrationOpen: boolean;
  supportContact: string;
};

type TextKey = Exclude<keyof Draft, 'registrationOpen'>;

const draftOf = (institute: Institute): Draft => ({
  name: institute.name,
  primaryColour: institute.primaryColour ?? '',
  defaultTimeZone: institute.defaultTimeZone,
  idleMinutes: String(institute.idleMinutes),
  registrationOpen: institute.registrationOpen,
  supportContact: institute.supportContact,
});

const changesOf = (draft: Draft): InstituteChanges => ({
  name: draft.name,
  primaryColour: draft.primaryColour.trim() === '' ? null : draft.primaryColour.trim(),
  defaultTimeZone: draft.defaultTimeZone.trim(),
  idleMinutes: Number(draft.idleMinutes),
  registrationOpen: draft.registrationOpen,
  supportContact: draft.supportContact,
});

/** The field problems the server named (`error.details.fields`), if any. */
const fieldProblems = (error: unknown): Record<string, string> => {
  const details = (error as { details?: { fields?: unknown } } | undefined)?.details;
  const fields = details?.fields;
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {};
};

export function InstituteCard() {
  const query = useInstituteQuery();
  const institute = query.data;
  if (query.error && !institute) {
    return (
      <LoadError
        message={
          queryErrorMessage(query.error, 'The institute’s settings could not be loaded.') ?? ''
        }
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!institute) return <Spinner label="Loading the institute’s settings" />;
  return (
    <SettingsCard headingId="institute-title" title="Institute">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Your institute’s name, logo and colour appear on the sign-in page and around the portal for
        everyone.
        {institute.updatedAt
          ? ` Last changed ${formatDateTime(institute.updatedAt)}${
              institute.updatedBy ? ` by ${institute.updatedBy}` : ''
            }.`
          : ''}
      </Typography>
      <InstituteForm institute={institute} />
      <Stack spacing={2} sx={{ mt: 3 }}>
        <InstituteFileRow
          field="logo"
          label="Logo"
          hint="PNG, JPEG or WebP, at most 1 MB."
          current={institute.logo}
        />
        <InstituteFileRow
          field="favicon"
          label="Favicon"
          hint="PNG, at most 256 KB (a square image, e.g. 64 × 64)."
          current={institute.favicon}
        />
      </Stack>
    </SettingsCard>
  );
}

function InstituteForm({ institute }: { institute: Institute }) {
  const [update, saving] = useUpdateInstituteMutation();
  const { shown, dirty, saved, edit: set, bind, save } = useSettingsDraft(draftOf(institute));
  const problems = fieldProblems(saving.error);
  /** A text field bound to the draft, with the problem the server named for it. */
  const textField = (key: TextKey) => ({ ...bind(key), problem: problems[key] });
  return (
    <SettingsForm
      onSubmit={() => void save((draft) => update(changesOf(draft)).unwrap())}
      saving={saving.isLoading}
      dirty={dirty}
      saved={saved}
      saveError={queryErrorMessage(saving.error, 'The settings could not be saved.')}
      savedMessage="The institute’s settings are saved."
      saveLabel="Save institute settings"
    >
      <TextInput label="Institute name" {...textField('name')} required />
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextInput
          label="Primary colour"
          {...textField('primaryColour')}
          helperText="A colour like #1565c0, dark enough for white text; empty: the portal’s own."
        />
        <Box
          component="input"
          type="color"
          aria-label="Pick the primary colour"
          value={/^#[0-9a-fA-F]{6}$/.test(shown.primaryColour) ? shown.primaryColour : '#1565c0'}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            set({ primaryColour: event.target.value })
          }
          sx={{ width: 48, height: 40, mt: 3, p: 0, border: 0, background: 'none' }}
        />
      </Stack>
      <TextInput
        label="Default time zone"
        {...textField('defaultTimeZone')}
        helperText="Such as Asia/Kolkata: dates are shown in it unless a person chooses theirs."
      />
      <TextInput
        label="Idle time-out (minutes)"
        type="number"
        {...textField('idleMinutes')}
        helperText="From 5 to 240: a signed-in person who does nothing this long is signed out."
      />
      <TextInput
        label="Support contact"
        {...textField('supportContact')}
        helperText="Shown in error messages, e.g. an email address or a phone number."
      />
      <FormControlLabel
        control={
          <Switch
            checked={shown.registrationOpen}
            onChange={(event) => set({ registrationOpen: event.target.checked })}
          />
        }
        label="Learners may register themselves"
      />
    </SettingsForm>
  );
}
