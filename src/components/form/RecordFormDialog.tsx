// The create-or-edit dialog of a record (a learner, a faculty member, a user, a batch): "New x" or
// "Edit x", "Save x", the fields' problems once submitted, the save and the server's message.
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/strapi';
import { FormDialog } from './FormDialog';
import { useFormSubmit } from './useFormSubmit';

/** What is wrong with the fields, by field. */
export type Problems = Partial<Record<string, string>>;

interface RecordFormDialogProps {
  /** The record's word: "New learner", "Edit learner", "Save learner". */
  noun: string;
  editing: boolean;
  /** Any problem keeps the save from running. */
  problems: Problems;
  /** Said when the save fails without a message of the server's. */
  failureText: string;
  /** Writes the record and reports it; the dialog closes after. */
  save: () => Promise<unknown>;
  onClose: () => void;
  /** The fields, given the problems to show (none before the first submit). */
  children: (shown: Problems) => ReactNode;
}

export function RecordFormDialog(props: RecordFormDialogProps) {
  const { noun, editing, problems, failureText, save, onClose, children } = props;
  const form = useFormSubmit(onClose);
  const submit = () =>
    form.submit(Object.keys(problems).length > 0, () =>
      save().catch((failure: unknown) => {
        throw new Error(errorMessage(failure, failureText));
      }),
    );
  return (
    <FormDialog
      title={editing ? `Edit ${noun}` : `New ${noun}`}
      submitLabel={`Save ${noun}`}
      {...form.dialog}
      onSubmit={submit}
    >
      {children(form.touched ? problems : {})}
    </FormDialog>
  );
}
