// Create or edit a learner: name, email, mobile, roll number, enrollment date and batches. The
// server creates the learner's user account and sends the "set your password" email.
import { useState } from 'react';
import { DateInput } from '../../components/form/DateInput';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { errorMessage } from '../../lib/strapi';
import { MultiRefPicker } from '../courses';
import { mapOptions, optionsOf } from '../../store/queryState';
import { useBatchSearchQuery } from '../batches';
import { useCreateLearnerMutation, useUpdateLearnerMutation } from './learnersEndpoints';
import type { Learner, LearnerBatch, LearnerPayload } from './learnersUrls';

interface BatchChoice extends LearnerBatch {
  id: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLearner(values: {
  name: string;
  email: string;
  mobile: string;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.name.trim()) problems.name = 'Name is required.';
  if (!EMAIL.test(values.email.trim())) problems.email = 'A valid email is required.';
  const digits = values.mobile.replace(/\s+/g, '').replace(/^\+91/, '');
  if (values.mobile.trim() && !/^\d{10}$/.test(digits))
    problems.mobile = 'The mobile number must be 10 digits.';
  return problems;
}

interface LearnerFormDialogProps {
  learner: Learner | null;
  onClose: () => void;
  onSaved: (learner: Learner) => void;
}

export function LearnerFormDialog({ learner, onClose, onSaved }: LearnerFormDialogProps) {
  const [name, setName] = useState(learner?.StudentName ?? '');
  const [email, setEmail] = useState(learner?.student_email ?? '');
  const [mobile, setMobile] = useState(learner?.student_mobile_number ?? '');
  const [roll, setRoll] = useState(learner?.Roll_Number ?? '');
  const [enrolled, setEnrolled] = useState(learner?.student_enrollment_date ?? '');
  const [batches, setBatches] = useState<BatchChoice[]>(
    (learner?.batches ?? []).map((batch, index) => ({ ...batch, id: index })),
  );
  const [batchText, setBatchText] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createLearner] = useCreateLearnerMutation();
  const [updateLearner] = useUpdateLearnerMutation();
  const batchSearch = useSearchTerm(batchText, true);
  const batchOptions = mapOptions(
    optionsOf(useBatchSearchQuery(batchSearch.term, { skip: batchSearch.skip })),
    (batch, index): BatchChoice => ({
      documentId: batch.documentId,
      Batch: batch.Batch,
      id: index,
    }),
  );
  const problems = validateLearner({ name, email, mobile });
  const shown = touched ? problems : {};

  const submit = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    const payload: LearnerPayload = {
      StudentName: name.trim(),
      student_email: email.trim(),
      batches: batches.map((batch) => batch.documentId),
    };
    if (mobile.trim()) payload.student_mobile_number = mobile.trim();
    if (roll.trim()) payload.Roll_Number = roll.trim();
    if (enrolled) payload.student_enrollment_date = enrolled;
    setSaving(true);
    setError(null);
    try {
      const saved = learner
        ? await updateLearner({ documentId: learner.documentId, payload }).unwrap()
        : await createLearner(payload).unwrap();
      onSaved(saved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The learner could not be saved.'));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={learner ? 'Edit learner' : 'New learner'}
      submitLabel="Save learner"
      saving={saving}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={setName}
        required
        autoFocus
        problem={shown.name}
      />
      <TextInput
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        required
        problem={shown.email}
        helperText={'The learner signs in with this email and sets a password.'}
      />
      <TextInput
        label="Mobile number"
        type="tel"
        value={mobile}
        onChange={setMobile}
        problem={shown.mobile}
      />
      <TextInput label="Roll number" value={roll} onChange={setRoll} />
      <DateInput label="Enrollment date" value={enrolled.slice(0, 10)} onChange={setEnrolled} />
      <MultiRefPicker<BatchChoice>
        label="Batches"
        options={batchOptions.items}
        loading={batchOptions.status === 'loading'}
        error={batchOptions.error}
        labelOf={(batch) => batch.Batch}
        value={batches}
        onChange={setBatches}
        onSearch={setBatchText}
      />
    </FormDialog>
  );
}
