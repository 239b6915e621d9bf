import { useState, type ReactNode } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import { errorMessage } from '../../lib/strapi';
import { ChoiceDialog } from './ChoiceDialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Runs the action; a rejection keeps the dialog open and shows its message. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  destructive?: boolean;
}

/** "Are you sure?" before an action that removes or hides something. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, onConfirm, onClose, destructive = true } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(failure));
    }
  };

  return (
    <ChoiceDialog
      open={open}
      title={title}
      error={error}
      busy={busy}
      cancelLabel="Cancel"
      confirmLabel={confirmLabel}
      busyLabel="Working…"
      destructive={destructive}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <DialogContentText component="div">{message}</DialogContentText>
    </ChoiceDialog>
  );
}
