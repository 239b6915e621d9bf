// A small dialog that asks one question: the title, what it is about, why the last try failed,
// and two buttons (step back, go ahead). It cannot be closed while the action runs.
import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface ChoiceDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  error: string | null;
  busy: boolean;
  /** The button that steps back ("Cancel"). */
  cancelLabel: string;
  /** The button that goes ahead, and its words while the action runs (the same by default). */
  confirmLabel: string;
  busyLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ChoiceDialog(props: ChoiceDialogProps) {
  const { open, title, children, error, busy, cancelLabel, confirmLabel } = props;
  const { busyLabel = confirmLabel, destructive = false, onConfirm, onClose } = props;
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
