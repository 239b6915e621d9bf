// Tell a test's faculty members about it, with an optional message.
import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';

interface NotifyFacultiesDialogProps {
  testName: string;
  onNotify: (message: string) => Promise<number>;
  onNotified: (count: number) => void;
  onClose: () => void;
}

export function NotifyFacultiesDialog(props: NotifyFacultiesDialogProps) {
  const { testName, onNotify, onNotified, onClose } = props;
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setSaving(true);
    setError(null);
    try {
      const count = await onNotify(message);
      onNotified(count);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={`Notify faculties of ${testName}`}
      submitLabel="Send notification"
      busyLabel="Sending…"
      saving={saving}
      error={error}
      onSubmit={() => void send()}
      onClose={onClose}
    >
      <TextInput
        label="Message (optional)"
        value={message}
        onChange={setMessage}
        multiline
        minRows={3}
        autoFocus
      />
    </FormDialog>
  );
}
