// Tell a test's faculty members about it, with an optional message.
import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';

interface NotifyFacultiesDialogProps {
  testName: string;
  onNotify: (message: string) => Promise<number>;
  onNotified: (count: number) => void;
  onClose: () => void;
}

export function NotifyFacultiesDialog(props: NotifyFacultiesDialogProps) {
  const { testName, onNotify, onNotified, onClose } = props;
  const [message, setMessage] = useState('');
  const form = useFormSubmit(onClose);
  const send = () => form.submit(false, async () => onNotified(await onNotify(message)));

  return (
    <FormDialog
      title={`Notify faculties of ${testName}`}
      submitLabel="Send notification"
      busyLabel="Sending…"
      {...form.dialog}
      onSubmit={send}
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
