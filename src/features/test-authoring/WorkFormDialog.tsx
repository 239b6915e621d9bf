// The frame of the test form and the assignment form: name and description, the form's own fields
// (with the shared duration and maximum marks inputs to place), the categories, the attachments
// (uploaded with progress) and the relations; the save with its checks and the server's error.
import { useCallback, useState, type ReactNode } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { numberInputText, numberOrNull } from '../../components/form/refPickerHelpers';
import { TextInput } from '../../components/form/TextInput';
import { useField } from '../../components/form/useField';
import { errorMessage } from '../../lib/strapi';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';
import { capitalised } from './testLabels';
import { CategoryFields, useCategoryChoice } from './CategoryFields';
import type { WorkBasicsProblems, WorkBasicsValues } from './testValidation';
import type { WorkLinksPayload, WorkListed, WorkRelated } from './testTypes';
import { useWorkRelations, WorkRelationsFields } from './WorkRelations';

/** The shared fields as a save sends them. */
export interface WorkBasics {
  name: string;
  description: string;
  duration: number | null;
  maximumMarks: number | null;
}

/** What the form's own fields get: the problems to show, and the shared inputs to place. */
export interface WorkFormParts<P> {
  shown: Partial<P>;
  duration: ReactNode;
  /** The duration as typed so far (null: none or not a number). */
  durationMinutes: number | null;
  maximumMarks: ReactNode;
}

interface WorkFormDialogProps<P extends WorkBasicsProblems, T> {
  /** "test" or "assignment": the title, the submit button and the name's label say it. */
  noun: string;
  /** The record to edit (with its relations); none to create one. */
  record?: (WorkListed & WorkRelated) | null;
  /** The shared fields' starting values (the record's own names for them). */
  start: {
    name?: string | null;
    description?: string | null;
    duration?: number | null;
    maximumMarks?: number | null;
  };
  /** The form's rules over every value it holds (the shared ones passed in). */
  validate: (basics: WorkBasicsValues) => P;
  save: (basics: WorkBasics, links: WorkLinksPayload) => Promise<T>;
  onSaved: (saved: T) => void;
  onClose: () => void;
  children: (parts: WorkFormParts<P>) => ReactNode;
}

export function WorkFormDialog<P extends WorkBasicsProblems, T>(props: WorkFormDialogProps<P, T>) {
  const { noun, record, start, validate, save, onSaved, onClose, children } = props;
  const name = useField(start.name ?? '');
  const description = useField(start.description ?? '');
  const duration = useField(numberInputText(start.duration));
  const maximumMarks = useField(numberInputText(start.maximumMarks));
  const categoryChoice = useCategoryChoice(record);
  const [attachments, setAttachments] = useState<MediaFile[]>(record?.Attachments ?? []);
  const relations = useWorkRelations(record);

  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problems = validate({
    name: name.value,
    duration: duration.value,
    maximumMarks: maximumMarks.value,
  });
  const shown: Partial<P> = touched ? problems : {};
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const submit = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0 || uploading) return;
    setSaving(true);
    setError(null);
    try {
      const basics = {
        name: name.value.trim(),
        description: description.value,
        duration: numberOrNull(duration.value),
        maximumMarks: numberOrNull(maximumMarks.value),
      };
      const saved = await save(basics, {
        ...categoryChoice.payload,
        Attachments: attachments.map((file) => file.id),
        ...relations.payload,
      });
      onSaved(saved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  const durationInput = (
    <TextInput label="Duration (minutes)" type="number" {...duration} problem={shown.duration} />
  );
  const maximumMarksInput = (
    <TextInput label="Maximum marks" type="number" {...maximumMarks} problem={shown.maximumMarks} />
  );

  return (
    <FormDialog
      title={record ? `Edit ${noun}` : `New ${noun}`}
      submitLabel={`Save ${noun}`}
      saving={saving}
      submitDisabled={uploading}
      error={error}
      maxWidth="md"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextInput
        label={`${capitalised(noun)} name`}
        {...name}
        required
        autoFocus
        problem={shown.name}
      />
      <TextInput label="Description" {...description} multiline minRows={2} />
      {children({
        shown,
        duration: durationInput,
        durationMinutes: numberOrNull(duration.value),
        maximumMarks: maximumMarksInput,
      })}
      <CategoryFields choice={categoryChoice} />
      <MaterialsField
        label="Attachments"
        files={attachments}
        onChange={setAttachments}
        onBusyChange={onBusyChange}
        disabled={saving}
      />
      <WorkRelationsFields relations={relations} />
    </FormDialog>
  );
}
