// Rename a stored file.
import { FormDialog } from '../../components/form/FormDialog';
import { RequiredTextInput, useRequiredText } from '../../components/form/RequiredTextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { useRenameFileMutation } from './mediaEndpoints';
import type { MediaFile } from './mediaTypes';

interface RenameFileDialogProps {
  file: MediaFile;
  onRenamed: (file: MediaFile) => void;
  onClose: () => void;
}

/** Renames a stored file (`POST /api/upload?id=`); staff only on the server. */
export function RenameFileDialog({ file, onRenamed, onClose }: RenameFileDialogProps) {
  const name = useRequiredText(file.name, 'Enter a file name.');
  const form = useFormSubmit(onClose);
  const [renameFile] = useRenameFileMutation();

  const save = () =>
    form.submit(name.problem !== null, async () => {
      const renamed = await renameFile({ id: file.id, name: name.trimmed }).unwrap();
      onRenamed({ ...file, ...renamed });
    });

  return (
    <FormDialog
      {...form.dialog}
      title="Rename file"
      submitLabel="Save name"
      maxWidth="xs"
      onSubmit={save}
    >
      <RequiredTextInput label="File name" field={name} shown={form.shown} />
    </FormDialog>
  );
}
