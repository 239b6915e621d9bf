// The form inside a settings card (profile, institute): what was typed stays as a draft until the
// server has stored it; a refused save keeps the draft with the server's words; a stored one says
// so. One home, so every settings form saves, fails and confirms the same way (issue 19).
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** The draft of a settings form over the stored value `stored` (shown until the user types). */
export function useSettingsDraft<T>(stored: T) {
  const [draft, setDraft] = useState<T | null>(null);
  const [saved, setSaved] = useState(false);
  const shown = draft ?? stored;
  const edit = (changes: Partial<T>) => {
    setSaved(false);
    setDraft({ ...shown, ...changes });
  };
  return {
    shown,
    dirty: draft !== null,
    saved,
    edit,
    /** The value of the draft's `key` and its edit, to spread into an input (`{...bind('name')}`). */
    bind: <K extends keyof T>(key: K) => ({
      value: shown[key],
      onChange: (value: T[K]) => {
        const changes: Partial<T> = {};
        changes[key] = value;
        edit(changes);
      },
    }),
    /** Stores the draft with `write`; on failure the draft stays and the caller shows the error. */
    save: async (write: (value: T) => Promise<unknown>) => {
      try {
        await write(shown);
        setDraft(null);
        setSaved(true);
      } catch {
        // The error (from the mutation's state) and the draft stay.
      }
    },
  };
}

export function SettingsForm({
  onSubmit,
  saving,
  dirty,
  saved,
  saveError,
  savedMessage,
  saveLabel,
  children,
}: {
  onSubmit: () => void;
  saving: boolean;
  /** Something was typed since the last save: the button is enabled. */
  dirty: boolean;
  saved: boolean;
  saveError: string | null | undefined;
  savedMessage: string;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      {children}
      <Box sx={{ gridColumn: '1 / -1' }}>
        {saveError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {saveError}
          </Alert>
        ) : null}
        {saved ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {savedMessage}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" disabled={saving || !dirty}>
          {saving ? 'Saving…' : saveLabel}
        </Button>
      </Box>
    </Box>
  );
}
