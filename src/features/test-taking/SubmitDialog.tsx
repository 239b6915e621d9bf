// "Submit test?": the learner's counts, the unsent answers being saved first, and why a submit
// did not go through.
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { ChoiceDialog } from '../../components/feedback/ChoiceDialog';
import { useTranslation } from '../../lib/i18n';

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
  const { t } = useTranslation('exam');
  return (
    <ChoiceDialog
      open={open}
      title={t('submit.title')}
      error={error}
      busy={busy}
      cancelLabel={t('submit.keepAnswering')}
      confirmLabel={t('submit.submitNow')}
      onConfirm={onSubmit}
      onClose={onClose}
    >
      <DialogContentText>{t('submit.counts', { unanswered, marked })}</DialogContentText>
      {saving > 0 ? (
        <Typography role="status" variant="body2" sx={{ mt: 1 }}>
          {t('submit.savingFirst', { count: saving })}
        </Typography>
      ) : null}
    </ChoiceDialog>
  );
}
