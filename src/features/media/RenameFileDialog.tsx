// Rename a stored file.
import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
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
  const [name, setName] = useState(file.name);
  const form = useFormSubmit(onClose);
  const problem = name.trim() ? null : 'Enter a file name.';
  const [renameFile] = useRenameFileMutation();

  const save = () =>
    form.submit(problem !== null, async () => {
      const renamed = await renameFile({ id: file.id, name: name.trim() }).unwrap();
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
      <TextInput
        label="File name"
        value={name}
        onChange={setName}
        required
        autoFocus
        problem={form.shown(problem)}
      />
    </FormDialog>
  );
}
