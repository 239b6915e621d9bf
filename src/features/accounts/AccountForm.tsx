import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface AccountFormProps {
  onSubmit: (event: FormEvent) => void;
  /** The call's error message (store/api.ts queryErrorMessage), if any. */
  error: string | null;
  onErrorClose?: () => void;
  /** Shown above the error: a confirmation or a notice from the screen before. */
  message?: ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Space between fields, in theme units. */
  gap?: 1 | 2;
  /** A card inside a page (Settings): narrower, with a normal-size button. */
  inline?: boolean;
  /** Links under the button. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The form of every account screen: messages, the fields, the submit button, links. */
export function AccountForm(props: AccountFormProps) {
  const { error, busy, gap = 1, inline = false } = props;
  // Alerts stand 16px above the first field however close the fields are.
  const alertSx = { mb: inline ? 0 : 2 - gap };
  const submit = (
    <Button type="submit" variant="contained" size={inline ? 'medium' : 'large'} disabled={busy}>
      {busy ? props.busyLabel : props.submitLabel}
    </Button>
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={props.onSubmit}
      sx={{ display: 'grid', gap, ...(inline ? { maxWidth: 440 } : {}) }}
    >
      {props.message}
      {error ? (
        <Alert severity="error" sx={alertSx} onClose={props.onErrorClose}>
          {error}
        </Alert>
      ) : null}
      {props.children}
      {inline ? <Box>{submit}</Box> : submit}
      {props.footer}
    </Box>
  );
}
