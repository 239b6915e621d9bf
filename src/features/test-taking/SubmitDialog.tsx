// "Submit test?": the learner's counts, the unsent answers being saved first, and why a submit
// did not go through.
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { ChoiceDialog } from '../../components/feedback/ChoiceDialog';
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
    <ChoiceDialog
      open={open}
      title="Submit test?"
      error={error}
      busy={busy}
      cancelLabel="Keep answering"
      confirmLabel="Submit now"
      onConfirm={onSubmit}
      onClose={onClose}
    >
      <DialogContentText>
        You have {unanswered} unanswered and {marked} marked questions. Submit now?
      </DialogContentText>
      {saving > 0 ? (
        <Typography role="status" variant="body2" sx={{ mt: 1 }}>
          Saving {plural(saving, 'answer', 'answers')} first…
        </Typography>
      ) : null}
    </ChoiceDialog>
  );
}
