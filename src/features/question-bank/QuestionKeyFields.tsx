// The answer-key inputs of the question form, per type (issue 26): a select for the one correct
// option, checkboxes under a legend for several, a true/false select, and for a numeric answer
// the value with a tolerance or a range, and its unit.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import type { KeyDraft, KeyProblems, NumericMode } from './questionKey';
import { ANSWER_KEYS, type QuestionType } from './questionTypes';

interface QuestionKeyFieldsProps {
  type: QuestionType;
  draft: KeyDraft;
  onChange: (draft: KeyDraft) => void;
  problems: KeyProblems;
}

export function QuestionKeyFields({ type, draft, onChange, problems }: QuestionKeyFieldsProps) {
  const set = (patch: Partial<KeyDraft>) => onChange({ ...draft, ...patch });
  if (type === 'MCQ') {
    return (
      <SelectInput
        label="Correct answer"
        value={draft.single}
        onChange={(value) => set({ single: ANSWER_KEYS.find((key) => key === value) ?? '' })}
        emptyLabel="Choose…"
        choices={ANSWER_KEYS.map((key) => ({ value: key, label: `Option ${key.toUpperCase()}` }))}
        required
        error={Boolean(problems.correct)}
        helperText={problems.correct}
      />
    );
  }
  if (type === 'Multiple') {
    return (
      <FormControl component="fieldset" error={Boolean(problems.correct)} required>
        <FormLabel component="legend">Correct answers (tick every correct option)</FormLabel>
        <FormGroup row>
          {ANSWER_KEYS.map((key) => (
            <FormControlLabel
              key={key}
              label={`Option ${key.toUpperCase()}`}
              control={
                <Checkbox
                  checked={draft.multiple.includes(key)}
                  onChange={(event) =>
                    set({
                      multiple: event.target.checked
                        ? [...draft.multiple, key]
                        : draft.multiple.filter((k) => k !== key),
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {problems.correct ? <FormHelperText>{problems.correct}</FormHelperText> : null}
      </FormControl>
    );
  }
  if (type === 'TrueFalse') {
    return (
      <SelectInput
        label="Correct answer"
        value={draft.truth}
        onChange={(value) => set({ truth: value === 'true' || value === 'false' ? value : '' })}
        emptyLabel="Choose…"
        choices={[
          { value: 'true', label: 'True' },
          { value: 'false', label: 'False' },
        ]}
        required
        error={Boolean(problems.correct)}
        helperText={problems.correct}
      />
    );
  }
  if (type !== 'Numeric') return null;
  return (
    <>
      <SelectInput
        label="Accepted answers"
        value={draft.numericMode}
        onChange={(value) =>
          set({ numericMode: (value === 'range' ? 'range' : 'tolerance') as NumericMode })
        }
        choices={[
          { value: 'tolerance', label: 'A number, with a tolerance' },
          { value: 'range', label: 'A range (from … to …)' },
        ]}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        {draft.numericMode === 'tolerance' ? (
          <>
            <TextInput
              label="Correct number"
              value={draft.value}
              onChange={(value) => set({ value })}
              required
              problem={problems.value}
            />
            <TextInput
              label="Tolerance (±)"
              value={draft.tolerance}
              onChange={(tolerance) => set({ tolerance })}
              problem={problems.tolerance}
              helperText="Empty: the exact number. Bounds are included."
            />
          </>
        ) : (
          <>
            <TextInput
              label="From (smallest accepted)"
              value={draft.min}
              onChange={(min) => set({ min })}
              required
              problem={problems.min}
            />
            <TextInput
              label="To (largest accepted)"
              value={draft.max}
              onChange={(max) => set({ max })}
              required
              problem={problems.max}
            />
          </>
        )}
        <TextInput
          label="Unit"
          value={draft.unit}
          onChange={(unit) => set({ unit })}
          problem={problems.unit}
          helperText="Optional, shown to the learner (e.g. m/s²)."
        />
      </Box>
    </>
  );
}
