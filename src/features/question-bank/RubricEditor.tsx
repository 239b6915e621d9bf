// The rubric of a descriptive question (issue 27), edited in the question form: criteria rows,
// each with levels (label and marks). Faculty then mark the question by choosing a level per
// criterion. The server checks the same limits (≤ 10 criteria, ≤ 6 levels, names ≤ 200 characters,
// marks ≥ 0, the top levels adding up to the question's points); this form says so before saving.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/form/TextInput';
import type { QuestionRubric } from './questionTypes';

export const RUBRIC_CRITERIA_MAX = 10;
export const RUBRIC_LEVELS_MAX = 6;
export const RUBRIC_TEXT_MAX = 200;

export interface RubricDraft {
  criteria: Array<{ name: string; levels: Array<{ label: string; marks: string }> }>;
}

export const rubricDraftOf = (rubric: QuestionRubric | null | undefined): RubricDraft | null =>
  rubric && rubric.criteria.length > 0
    ? {
        criteria: rubric.criteria.map((c) => ({
          name: c.name,
          levels: c.levels.map((l) => ({ label: l.label, marks: String(l.marks) })),
        })),
      }
    : null;

const newCriterion = () => ({
  name: '',
  levels: [
    { label: 'Not shown', marks: '0' },
    { label: 'Shown', marks: '' },
  ],
});

/** The first problem of a draft for a question worth `points`, or null. */
export function rubricProblem(draft: RubricDraft, points: number): string | null {
  let top = 0;
  for (const [i, c] of draft.criteria.entries()) {
    if (!c.name.trim()) return `Name criterion ${i + 1}.`;
    if (c.name.trim().length > RUBRIC_TEXT_MAX) {
      return `Criterion ${i + 1}'s name is longer than ${RUBRIC_TEXT_MAX} characters.`;
    }
    let best = 0;
    for (const [j, l] of c.levels.entries()) {
      if (!l.label.trim() || l.label.trim().length > RUBRIC_TEXT_MAX) {
        return `Give level ${j + 1} of ${c.name.trim()} a label (up to ${RUBRIC_TEXT_MAX} characters).`;
      }
      const marks = Number(l.marks);
      if (l.marks.trim() === '' || !Number.isFinite(marks) || marks < 0) {
        return `Give level ${j + 1} of ${c.name.trim()} 0 or more marks.`;
      }
      best = Math.max(best, marks);
    }
    top += best;
  }
  const sum = Math.round(top * 100) / 100;
  return sum === points
    ? null
    : `The top levels add up to ${sum}; they must add up to the question's ${points} points.`;
}

export const rubricOf = (draft: RubricDraft): QuestionRubric => ({
  criteria: draft.criteria.map((c) => ({
    name: c.name.trim(),
    levels: c.levels.map((l) => ({ label: l.label.trim(), marks: Number(l.marks) })),
  })),
});

interface RubricEditorProps {
  draft: RubricDraft | null;
  onChange: (draft: RubricDraft | null) => void;
  problem: string | null;
}

export function RubricEditor({ draft, onChange, problem }: RubricEditorProps) {
  if (!draft) {
    return (
      <Box>
        <Button variant="outlined" onClick={() => onChange({ criteria: [newCriterion()] })}>
          Add rubric
        </Button>
      </Box>
    );
  }
  const update = (i: number, next: RubricDraft['criteria'][number]) =>
    onChange({ criteria: draft.criteria.map((c, k) => (k === i ? next : c)) });
  return (
    <Stack spacing={2} role="group" aria-label="Rubric">
      <Typography variant="subtitle1">Rubric</Typography>
      {draft.criteria.map((c, i) => (
        <Stack
          key={i}
          spacing={1}
          role="group"
          aria-label={`Criterion ${i + 1}`}
          sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
        >
          <TextInput
            label={`Criterion ${i + 1} name`}
            value={c.name}
            onChange={(name) => update(i, { ...c, name })}
          />
          {c.levels.map((l, j) => (
            <Box key={j} sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 6rem auto' }}>
              <TextInput
                label={`Criterion ${i + 1} level ${j + 1} label`}
                value={l.label}
                onChange={(label) =>
                  update(i, {
                    ...c,
                    levels: c.levels.map((x, k) => (k === j ? { ...x, label } : x)),
                  })
                }
              />
              <TextInput
                label={`Criterion ${i + 1} level ${j + 1} marks`}
                type="number"
                value={l.marks}
                onChange={(marks) =>
                  update(i, {
                    ...c,
                    levels: c.levels.map((x, k) => (k === j ? { ...x, marks } : x)),
                  })
                }
              />
              <Button
                aria-label={`Remove level ${j + 1} of criterion ${i + 1}`}
                disabled={c.levels.length <= 1}
                onClick={() => update(i, { ...c, levels: c.levels.filter((_x, k) => k !== j) })}
              >
                Remove
              </Button>
            </Box>
          ))}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              disabled={c.levels.length >= RUBRIC_LEVELS_MAX}
              onClick={() => update(i, { ...c, levels: [...c.levels, { label: '', marks: '' }] })}
            >
              Add level to criterion {i + 1}
            </Button>
            <Button
              color="error"
              onClick={() => {
                const criteria = draft.criteria.filter((_x, k) => k !== i);
                onChange(criteria.length > 0 ? { criteria } : null);
              }}
            >
              Remove criterion {i + 1}
            </Button>
          </Stack>
        </Stack>
      ))}
      <Box>
        <Button
          variant="outlined"
          disabled={draft.criteria.length >= RUBRIC_CRITERIA_MAX}
          onClick={() => onChange({ criteria: [...draft.criteria, newCriterion()] })}
        >
          Add criterion
        </Button>
      </Box>
      {problem ? (
        <Typography color="error" variant="body2" role="alert">
          {problem}
        </Typography>
      ) : null}
    </Stack>
  );
}
