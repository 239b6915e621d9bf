// Create or edit a learner: name, email, mobile, roll number, enrollment date and batches. The
// server creates the learner's user account and sends the "set your password" email.
import { useState } from 'react';
import { DateInput } from '../../components/form/DateInput';
import { PersonFormDialog } from '../../components/form/PersonFormDialog';
import { TextInput } from '../../components/form/TextInput';
import { documentIds } from '../../components/form/refPickerHelpers';
import { useSearchedPicker } from '../../components/form/useSearchedPicker';
import { MultiRefPicker } from '../courses';
import { useBatchSearchQuery } from '../batches';
import { useCreateLearnerMutation, useUpdateLearnerMutation } from './learnersEndpoints';
import type { Learner, LearnerBatch, LearnerPayload } from './learnersUrls';

interface LearnerFormDialogProps {
  learner: Learner | null;
  onClose: () => void;
  onSaved: (learner: Learner) => void;
}

export function LearnerFormDialog({ learner, onClose, onSaved }: LearnerFormDialogProps) {
  const [contact, setContact] = useState({
    name: learner?.StudentName ?? '',
    email: learner?.student_email ?? '',
    mobile: learner?.student_mobile_number ?? '',
  });
  const [roll, setRoll] = useState(learner?.Roll_Number ?? '');
  const [enrolled, setEnrolled] = useState(learner?.student_enrollment_date ?? '');
  const batches = useSearchedPicker<LearnerBatch>(learner?.batches, useBatchSearchQuery);
  const [createLearner] = useCreateLearnerMutation();
  const [updateLearner] = useUpdateLearnerMutation();

  const save = async () => {
    const payload: LearnerPayload = {
      StudentName: contact.name.trim(),
      student_email: contact.email.trim(),
      batches: documentIds(batches.value),
    };
    if (contact.mobile.trim()) payload.student_mobile_number = contact.mobile.trim();
    if (roll.trim()) payload.Roll_Number = roll.trim();
    if (enrolled) payload.student_enrollment_date = enrolled;
    onSaved(
      learner
        ? await updateLearner({ documentId: learner.documentId, payload }).unwrap()
        : await createLearner(payload).unwrap(),
    );
  };

  return (
    <PersonFormDialog
      noun="learner"
      editing={learner !== null}
      contact={{
        values: contact,
        onChange: setContact,
        emailHelp: 'The learner signs in with this email and sets a password.',
      }}
      failureText="The learner could not be saved."
      save={save}
      onClose={onClose}
    >
      {() => (
        <>
          <TextInput label="Roll number" value={roll} onChange={setRoll} />
          <DateInput label="Enrollment date" value={enrolled.slice(0, 10)} onChange={setEnrolled} />
          <MultiRefPicker label="Batches" {...batches} labelOf={(batch) => batch.Batch} />
        </>
      )}
    </PersonFormDialog>
  );
}
