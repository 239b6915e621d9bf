// From the pool: copy the ticked questions into a test chosen by a server-side name search.
import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { optionsOf } from '../../store/queryState';
import { SingleRefPicker } from '../courses';
import { useTestSearchQuery } from '../test-authoring';
import type { Test } from '../test-authoring';

interface AddToTestDialogProps {
  count: number;
  onAdd: (testId: string) => Promise<number>;
  onAdded: (count: number, test: Test) => void;
  onClose: () => void;
}

export function AddToTestDialog({ count, onAdd, onAdded, onClose }: AddToTestDialogProps) {
  const [text, setText] = useState('');
  const { term } = useSearchTerm(text, true);
  const tests = optionsOf(useTestSearchQuery(term));
  const [test, setTest] = useState<Test | null>(null);
  const form = useFormSubmit(onClose);

  const save = () =>
    form.submit(!test, async () => {
      if (!test) return;
      const created = await onAdd(test.documentId);
      onAdded(created, test);
    });

  const choices =
    test && !tests.items.some((item) => item.documentId === test.documentId)
      ? [test, ...tests.items]
      : tests.items;

  return (
    <FormDialog
      title="Add to test"
      submitLabel={`Add ${count} question${count === 1 ? '' : 's'}`}
      busyLabel="Adding…"
      {...form.dialog}
      onSubmit={save}
    >
      <SingleRefPicker
        label="Test"
        options={choices}
        loading={tests.status === 'loading'}
        error={tests.error ?? (form.touched && !test ? 'Choose a test.' : null)}
        value={test}
        onChange={setTest}
        onSearch={setText}
        labelOf={(item) => item.TestName}
        helperText="Type part of the test's name to search."
      />
    </FormDialog>
  );
}
