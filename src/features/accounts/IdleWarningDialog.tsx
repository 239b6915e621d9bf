import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function idleWarningText(seconds: number): string {
  return `You will be logged out in ${seconds} seconds due to inactivity.`;
}

interface IdleWarningDialogProps {
  open: boolean;
  seconds: number;
  /** "Stay signed in": counts as activity. */
  onStay: () => void;
}

/**
 * The idle warning. It has no close button and ignores Escape and backdrop clicks (it has no
 * onClose at all): only activity, "Stay signed in" included, hides it.
 */
export function IdleWarningDialog({ open, seconds, onStay }: IdleWarningDialogProps) {
  return (
    <Dialog
      open={open}
      disableEscapeKeyDown
      aria-labelledby="idle-warning-title"
      aria-describedby="idle-warning-text"
    >
      <DialogTitle id="idle-warning-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-warning-text" aria-live="polite">
          {idleWarningText(seconds)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onStay} autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
