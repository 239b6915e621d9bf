// The dialog of a topic and of a course content: the record's own fields, then its description
// and its materials (uploaded with progress; the save waits until every upload is done).
import { useCallback, useState, type ReactNode } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';

/**
 * The form's save (useFormSubmit: it waits while a file uploads), its description and its
 * materials, starting from the record being edited.
 */
export function useMaterialsForm(onClose: () => void, description: string, materials: MediaFile[]) {
  const form = useFormSubmit(onClose);
  const [text, setText] = useState(description);
  const [files, setFiles] = useState(materials);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  return {
    form,
    /** Saves unless `blocked` (a field's problem) or a file is still uploading. */
    submit: (blocked: boolean, write: () => Promise<unknown>) =>
      form.submit(blocked || uploading, write),
    description: text,
    setDescription: setText,
    files,
    setFiles,
    /** The materials as a save sends them. */
    fileIds: files.map((file) => file.id),
    uploading,
    onBusyChange,
  };
}

interface MaterialsFormDialogProps {
  title: string;
  /** "topic", "content": the submit button says "Save topic". */
  noun: string;
  fields: ReturnType<typeof useMaterialsForm>;
  onSubmit: () => void;
  /** The record's own fields, above the description. */
  children: ReactNode;
}

export function MaterialsFormDialog(props: MaterialsFormDialogProps) {
  const { title, noun, fields, onSubmit, children } = props;
  const { form } = fields;
  return (
    <FormDialog
      {...form.dialog}
      title={title}
      submitLabel={fields.uploading ? 'Uploading…' : `Save ${noun}`}
      submitDisabled={fields.uploading}
      maxWidth="sm"
      onSubmit={onSubmit}
    >
      {children}
      <TextInput
        label="Description"
        value={fields.description}
        onChange={fields.setDescription}
        multiline
        minRows={3}
      />
      <MaterialsField
        label="Materials"
        files={fields.files}
        onChange={fields.setFiles}
        onBusyChange={fields.onBusyChange}
        disabled={form.dialog.saving}
      />
    </FormDialog>
  );
}
