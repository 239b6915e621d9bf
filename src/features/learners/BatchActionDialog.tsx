// Choose a batch for the selected learners: add to it, or move them to it.
import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectInput, type SelectChoice } from '../../components/form/SelectInput';
import { errorMessage } from '../../lib/strapi';

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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!batchId) {
      setError('Choose a batch.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit(batchId);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      busyLabel="Working…"
      saving={saving}
      error={error}
      maxWidth="xs"
      onSubmit={() => void submit()}
      onClose={onClose}
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
