// Create or edit a test (staff): every field, attachments uploaded with progress, relations
// picked from the server (learners and courses by server search, never the whole table).
import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';
import { isReviewAnswerKey, REVIEW_ANSWER_KEY_CHOICES } from './testLabels';
import { useSaveTestMutation } from './testsEndpoints';
import type { PassMarkUnit, ReviewAnswerKey, Test, TestDetail } from './testTypes';
import { validateTest } from './testValidation';
import { CategoryFields, useCategoryChoice } from './CategoryFields';
import { useWorkRelations, WorkRelationsFields } from './WorkRelations';

interface TestFormDialogProps {
  /** The test to edit (with its relations); none to create one. */
  test?: TestDetail | null;
  onSaved: (test: Test) => void;
  onClose: () => void;
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function TestFormDialog({ test, onSaved, onClose }: TestFormDialogProps) {
  const [saveTest] = useSaveTestMutation();
  const [name, setName] = useState(test?.TestName ?? '');
  const [description, setDescription] = useState(test?.Description ?? '');
  const [duration, setDuration] = useState(text(test?.TestDuration));
  const [practice, setPractice] = useState(test?.enable_practice_test ?? false);
  const [instructions, setInstructions] = useState(test?.instructions ?? '');
  const [maxAttempts, setMaxAttempts] = useState(text(test?.max_attempts ?? 1));
  const [validFrom, setValidFrom] = useState(toLocalInput(test?.ValidFrom));
  const [validTo, setValidTo] = useState(toLocalInput(test?.ValidTo));
  const [maximumMarks, setMaximumMarks] = useState(text(test?.MaximumMarks));
  const [passMark, setPassMark] = useState(text(test?.PassMark));
  const [passMarkUnit, setPassMarkUnit] = useState<PassMarkUnit>(test?.pass_mark_unit ?? 'marks');
  const [reviewKey, setReviewKey] = useState<ReviewAnswerKey>(
    test?.review_answer_key ?? 'after_last_attempt',
  );
  const categoryChoice = useCategoryChoice(test);
  const [attachments, setAttachments] = useState<MediaFile[]>(test?.Attachments ?? []);
  const relations = useWorkRelations(test);

  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problems = validateTest({
    name,
    duration,
    validFrom,
    validTo,
    maximumMarks,
    passMark,
    passMarkUnit,
    maxAttempts,
  });
  const shown = touched ? problems : {};
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const save = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0 || uploading) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveTest({
        documentId: test?.documentId,
        payload: {
          TestName: name.trim(),
          Description: description,
          TestDuration: duration.trim() === '' ? null : Number(duration),
          enable_practice_test: practice,
          instructions,
          max_attempts: maxAttempts.trim() === '' ? 1 : Number(maxAttempts),
          ValidFrom: fromLocalInput(validFrom),
          ValidTo: fromLocalInput(validTo),
          MaximumMarks: maximumMarks.trim() === '' ? null : Number(maximumMarks),
          PassMark: passMark.trim() === '' ? null : Number(passMark),
          pass_mark_unit: passMarkUnit,
          review_answer_key: reviewKey,
          ...categoryChoice.payload,
          Attachments: attachments.map((file) => file.id),
          ...relations.payload,
        },
      }).unwrap();
      onSaved(saved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

  return (
    <FormDialog
      title={test ? 'Edit test' : 'New test'}
      submitLabel="Save test"
      saving={saving}
      submitDisabled={uploading}
      error={error}
      maxWidth="md"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label="Test name"
        value={name}
        onChange={setName}
        required
        autoFocus
        problem={shown.name}
      />
      <TextInput
        label="Description"
        value={description}
        onChange={setDescription}
        multiline
        minRows={2}
      />
      <Box sx={twoColumns}>
        <TextInput
          label="Duration (minutes)"
          type="number"
          value={duration}
          onChange={setDuration}
          problem={shown.duration}
        />
        <TextInput
          label="Attempts allowed per learner"
          type="number"
          value={maxAttempts}
          onChange={setMaxAttempts}
          problem={shown.maxAttempts}
          helperText={'0 = unlimited'}
        />
      </Box>
      <Box sx={twoColumns}>
        <FormControlLabel
          control={
            <Switch checked={practice} onChange={(event) => setPractice(event.target.checked)} />
          }
          label="Practice test enabled"
        />
        <SelectInput
          label="Show the answer key to learners"
          value={reviewKey}
          onChange={(value) => {
            if (isReviewAnswerKey(value)) setReviewKey(value);
          }}
          choices={REVIEW_ANSWER_KEY_CHOICES}
          helperText="Learners always see their own answers and score."
        />
      </Box>
      <TextInput
        label="Instructions"
        value={instructions}
        onChange={setInstructions}
        multiline
        minRows={3}
      />
      <Box sx={twoColumns}>
        <TextInput
          label="Valid from"
          type="datetime-local"
          value={validFrom}
          onChange={setValidFrom}
        />
        <TextInput
          label="Valid to"
          type="datetime-local"
          value={validTo}
          onChange={setValidTo}
          problem={shown.validTo}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextInput
          label="Maximum marks"
          type="number"
          value={maximumMarks}
          onChange={setMaximumMarks}
          problem={shown.maximumMarks}
        />
        <TextInput
          label="Pass mark"
          type="number"
          value={passMark}
          onChange={setPassMark}
          problem={shown.passMark}
        />
        <SelectInput
          label="Pass mark unit"
          value={passMarkUnit}
          onChange={(value) => setPassMarkUnit(value === 'percent' ? 'percent' : 'marks')}
          choices={[
            { value: 'marks', label: 'Marks' },
            { value: 'percent', label: 'Per cent' },
          ]}
        />
      </Box>
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
