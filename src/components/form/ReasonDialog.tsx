// A dialog that asks for a reason before an action (a learner's re-check request, reopening an
// evaluation): the reason's length is checked before it is sent, the server's refusal shows above
// the field, and the typed reason stays when the dialog is cancelled and opened again (it is
// cleared once the server took it). One home for the ask-with-a-reason flow (issue 19).
import { useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/strapi';
import { FormDialog } from './FormDialog';
import { TextInput } from './TextInput';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  busyLabel: string;
  /** The sentence above the field: what happens with the reason. */
  intro: ReactNode;
  label: string;
  /** The shortest and longest reason (trimmed) the server takes. */
  min: number;
  max: number;
  /** The message when the reason is shorter than `min` or longer than `max`. */
  lengthProblem: string;
  minRows: number;
  required?: boolean;
  /** Shows "typed / max" under the field. */
  counted?: boolean;
  /** Sends the trimmed reason; a rejection keeps the dialog open with its message. */
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const { open, title, submitLabel, busyLabel, intro, label, min, max, lengthProblem } = props;
  const { minRows, required, counted, send, onClose } = props;
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) return null;

  const submit = async () => {
    const text = reason.trim();
    if (text.length < min || text.length > max) {
      setError(lengthProblem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await send(text);
      onClose();
      setReason('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      saving={saving}
      error={error}
      onSubmit={() => void submit()}
      onClose={() => {
        onClose();
        setError(null);
      }}
    >
      <Typography variant="body2">{intro}</Typography>
      <TextInput
        label={label}
        value={reason}
        onChange={setReason}
        multiline
        minRows={minRows}
        required={required}
        autoFocus
        helperText={counted ? `${reason.trim().length} / ${max}` : undefined}
      />
    </FormDialog>
  );
}
