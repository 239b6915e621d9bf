// "Submit test?": the learner's counts, the unsent answers being saved first, and why a submit
// did not go through.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { plural } from './playerClock';

interface SubmitDialogProps {
  open: boolean;
  unanswered: number;
  marked: number;
  /** Answers still waiting for the server while the submit runs. */
  saving: number;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
}

export function SubmitDialog(props: SubmitDialogProps) {
  const { open, unanswered, marked, saving, busy, error, onClose, onSubmit } = props;
  return (
    <Dialog
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      aria-labelledby="submit-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="submit-title">Submit test?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You have {unanswered} unanswered and {marked} marked questions. Submit now?
        </DialogContentText>
        {saving > 0 ? (
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            Saving {plural(saving, 'answer', 'answers')} first…
          </Typography>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Keep answering
        </Button>
        <Button variant="contained" disabled={busy} onClick={onSubmit}>
          Submit now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
