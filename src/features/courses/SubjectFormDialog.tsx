// Create or edit a subject: its name and code.
import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { RequiredTextInput, useRequiredText } from '../../components/form/RequiredTextInput';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
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
  const name = useRequiredText(subject?.SubjectName ?? '', 'Enter the subject name.');
  const [code, setCode] = useState(subject?.subject_code ?? '');
  const form = useFormSubmit(onClose);

  const save = () =>
    form.submit(name.problem !== null, async () => {
      const saved = await saveSubject({
        documentId: subject?.documentId,
        payload: { SubjectName: name.trimmed, subject_code: code.trim() },
      }).unwrap();
      onSaved?.(saved);
    });

  return (
    <FormDialog
      {...form.dialog}
      title={subject ? 'Edit subject' : 'New subject'}
      submitLabel="Save subject"
      maxWidth="xs"
      onSubmit={save}
    >
      <RequiredTextInput label="Subject name" field={name} shown={form.shown} />
      <TextInput label="Subject code" value={code} onChange={setCode} />
    </FormDialog>
  );
}
