// Choose a batch for the selected learners: add to it, or move them to it.
import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectInput, type SelectChoice } from '../../components/form/SelectInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';

interface BatchActionDialogProps {
  title: string;
  selectLabel: string;
  submitLabel: string;
  choices: readonly SelectChoice[];
  count: number;
  onSubmit: (batchId: string) => Promise<void>;
  onClose: () => void;
}

export function BatchActionDialog(props: BatchActionDialogProps) {
  const { title, selectLabel, submitLabel, choices, count, onSubmit, onClose } = props;
  const [batchId, setBatchId] = useState('');
  const form = useFormSubmit(onClose);
  // No batch chosen: said above the field, like a failure of the server's.
  const submit = () =>
    form.submit(false, async () => {
      if (!batchId) throw new Error('Choose a batch.');
      await onSubmit(batchId);
    });

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      busyLabel="Working…"
      maxWidth="xs"
      {...form.dialog}
      onSubmit={submit}
    >
      <SelectInput
        label={selectLabel}
        value={batchId}
        onChange={setBatchId}
        choices={choices}
        emptyLabel="Choose a batch"
        required
        helperText={`${count} learner(s) selected`}
      />
    </FormDialog>
  );
}
