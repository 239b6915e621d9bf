import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

interface FormDialogProps {
  title: string;
  /** The submit button's words when idle ("Save subject"). */
  submitLabel: string;
  /** The submit button's words while busy; "Saving…" by default. */
  busyLabel?: string;
  saving: boolean;
  /** Disables submit without the busy words (e.g. while files upload). */
  submitDisabled?: boolean;
  error: string | null;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Lines above and below the fields (a long form that scrolls). */
  dividers?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog holding one form: title, the server's error above the fields, Cancel and submit.
 * It cannot be closed while saving, and Enter submits.
 */
export function FormDialog(props: FormDialogProps) {
  const { title, submitLabel, busyLabel = 'Saving…', saving, submitDisabled = false } = props;
  const { error, maxWidth = 'sm', dividers = false, onSubmit, onClose, children } = props;
  const id = useId();
  const titleId = `${id}-title`;
  const formId = `${id}-form`;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>
        <Stack
          component="form"
          id={formId}
          spacing={2}
          sx={dividers ? undefined : { pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {error ? <Alert severity="error">{error}</Alert> : null}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={saving || submitDisabled}>
          {saving ? busyLabel : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
