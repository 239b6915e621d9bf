import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import type { Subject } from './courseTypes';
import { useSaveSubjectMutation } from './subjectsEndpoints';

interface SubjectFormDialogProps {
  subject?: Subject | null;
  /** After the save (which refreshes the subject list and page by itself). */
  onSaved?: (subject: Subject) => void;
  onClose: () => void;
}

export function SubjectFormDialog({ subject, onSaved, onClose }: SubjectFormDialogProps) {
  const [saveSubject] = useSaveSubjectMutation();
  const [name, setName] = useState(subject?.SubjectName ?? '');
  const [code, setCode] = useState(subject?.subject_code ?? '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameProblem = name.trim() ? null : 'Enter the subject name.';

  const save = async () => {
    setTouched(true);
    if (nameProblem) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveSubject({
        documentId: subject?.documentId,
        payload: { SubjectName: name.trim(), subject_code: code.trim() },
      }).unwrap();
      onSaved?.(saved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={subject ? 'Edit subject' : 'New subject'}
      submitLabel="Save subject"
      saving={saving}
      error={error}
      maxWidth="xs"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label="Subject name"
        value={name}
        onChange={setName}
        required
        autoFocus
        error={touched && nameProblem !== null}
        helperText={touched ? nameProblem : null}
      />
      <TextInput label="Subject code" value={code} onChange={setCode} />
    </FormDialog>
  );
}
