// Add or change one accommodation of a test (issue 23): for one learner or one batch, extra
// minutes, extra per cent of the duration, extra attempts, an optional personal window and a note.
// The server checks everything again (400 with its message, shown above the fields).
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useField } from '../../components/form/useField';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { BatchPicker, LearnersPicker, type BatchRef, type StudentRef } from '../courses';
import { useSaveAccommodationMutation, type Accommodation } from './accommodationEndpoints';

interface AccommodationDialogProps {
  testId: string;
  /** The accommodation to change; none to add one. */
  record: Accommodation | null;
  onClose: () => void;
}

const threeColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
};
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/** A whole number ≥ 0 (and ≤ max), or the problem with the text. */
function countProblem(text: string, max: number): string | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n)) return 'A whole number.';
  if (n < 0) return 'Cannot be negative.';
  return n > max ? `At most ${max}.` : null;
}

const countOf = (text: string): number => (text.trim() === '' ? 0 : Number(text));

export function AccommodationDialog({ testId, record, onClose }: AccommodationDialogProps) {
  const [save] = useSaveAccommodationMutation();
  const form = useFormSubmit(onClose);
  const [who, setWho] = useState<'student' | 'batch'>(record?.batch ? 'batch' : 'student');
  const [student, setStudent] = useState<StudentRef | null>(record?.student ?? null);
  const [batch, setBatch] = useState<BatchRef | null>(record?.batch ?? null);
  const minutes = useField(String(record?.extra_minutes ?? 0));
  const percent = useField(String(record?.extra_percent ?? 0));
  const attempts = useField(String(record?.extra_attempts ?? 0));
  const from = useField(toLocalInput(record?.window_from));
  const to = useField(toLocalInput(record?.window_to));
  const note = useField(record?.note ?? '');

  const fromIso = fromLocalInput(from.value);
  const toIso = fromLocalInput(to.value);
  const problems = {
    who:
      who === 'student' ? (student ? null : 'Choose a learner.') : batch ? null : 'Choose a batch.',
    minutes: countProblem(minutes.value, 10_000),
    percent: countProblem(percent.value, 300),
    attempts: countProblem(attempts.value, 100),
    to:
      fromIso && toIso && new Date(toIso) <= new Date(fromIso)
        ? 'The window end must be after its start.'
        : null,
  };
  const blocked = Object.values(problems).some((problem) => problem !== null);

  const submit = () =>
    form.submit(blocked, () =>
      save({
        testId,
        documentId: record?.documentId,
        payload: {
          student: who === 'student' ? (student?.documentId ?? null) : null,
          batch: who === 'batch' ? (batch?.documentId ?? null) : null,
          extra_minutes: countOf(minutes.value),
          extra_percent: countOf(percent.value),
          extra_attempts: countOf(attempts.value),
          window_from: fromIso,
          window_to: toIso,
          note: note.value,
        },
      }).unwrap(),
    );

  return (
    <FormDialog
      title={record ? 'Change accommodation' : 'Add accommodation'}
      submitLabel={record ? 'Save accommodation' : 'Add accommodation'}
      saving={form.dialog.saving}
      error={form.dialog.error ?? form.shown(problems.who)}
      onSubmit={submit}
      onClose={form.dialog.onClose}
    >
      <RadioGroup
        row
        aria-label="For"
        value={who}
        onChange={(event) => setWho(event.target.value === 'batch' ? 'batch' : 'student')}
      >
        <FormControlLabel value="student" control={<Radio />} label="A learner" />
        <FormControlLabel value="batch" control={<Radio />} label="A batch" />
      </RadioGroup>
      {who === 'student' ? (
        // The learners' search picker of the test form; one learner: the last one chosen.
        <LearnersPicker
          value={student ? [student] : []}
          onChange={(chosen) => setStudent(chosen[chosen.length - 1] ?? null)}
        />
      ) : (
        <BatchPicker value={batch} onChange={setBatch} />
      )}
      <Box sx={threeColumns}>
        <TextInput
          label="Extra minutes"
          type="number"
          {...minutes}
          problem={form.shown(problems.minutes)}
        />
        <TextInput
          label="Extra time (%)"
          type="number"
          {...percent}
          problem={form.shown(problems.percent)}
          helperText="Of the test's duration, 0–300"
        />
        <TextInput
          label="Extra attempts"
          type="number"
          {...attempts}
          problem={form.shown(problems.attempts)}
        />
      </Box>
      <Box sx={twoColumns}>
        <TextInput
          label="Own window from"
          type="datetime-local"
          {...from}
          helperText="Empty: the test's"
        />
        <TextInput
          label="Own window to"
          type="datetime-local"
          {...to}
          problem={form.shown(problems.to)}
          helperText="Empty: the test's"
        />
      </Box>
      <TextInput label="Note (staff only)" {...note} multiline minRows={2} />
    </FormDialog>
  );
}
