import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
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
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = name.trim() ? null : 'Enter a file name.';
  const [renameFile] = useRenameFileMutation();

  const save = async () => {
    setTouched(true);
    if (problem) return;
    setSaving(true);
    setError(null);
    try {
      const renamed = await renameFile({ id: file.id, name: name.trim() }).unwrap();
      onRenamed({ ...file, ...renamed });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title="Rename file"
      submitLabel="Save name"
      saving={saving}
      error={error}
      maxWidth="xs"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label="File name"
        value={name}
        onChange={setName}
        required
        autoFocus
        error={touched && problem !== null}
        helperText={touched ? problem : null}
      />
    </FormDialog>
  );
}
