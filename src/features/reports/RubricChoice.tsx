// Marking a question with its rubric (issue 27): one radio group per criterion, a level per
// group; the question's mark is the sum of the chosen levels (the server computes it again and
// never takes a typed mark for such a question). Radios stack on a phone.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { marksText, type Rubric } from '../mains';

/** The mark the chosen levels give, null while a criterion has no level. */
export function rubricMarks(rubric: Rubric, levels: Array<number | null>): number | null {
  if (levels.length !== rubric.criteria.length || levels.some((l) => l === null)) return null;
  const total = rubric.criteria.reduce(
    (sum, c, i) => sum + (c.levels[levels[i] ?? 0]?.marks ?? 0),
    0,
  );
  return Math.round(total * 100) / 100;
}

interface RubricChoiceProps {
  number: number;
  rubric: Rubric;
  levels: Array<number | null>;
  onChange: (levels: Array<number | null>) => void;
  disabled: boolean;
}

export function RubricChoice({ number, rubric, levels, onChange, disabled }: RubricChoiceProps) {
  const marks = rubricMarks(rubric, levels);
  return (
    <Stack spacing={1} aria-label={`Rubric for question ${number}`} role="group">
      {rubric.criteria.map((c, i) => {
        const id = `rubric-${number}-${i}`;
        return (
          <FormControl key={id} disabled={disabled}>
            <FormLabel id={id}>{c.name}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={id}
              value={levels[i] === null || levels[i] === undefined ? '' : String(levels[i])}
              onChange={(_e, value) => {
                const next = rubric.criteria.map((_c, j) => levels[j] ?? null);
                next[i] = Number(value);
                onChange(next);
              }}
            >
              {c.levels.map((l, j) => (
                <FormControlLabel
                  key={j}
                  value={String(j)}
                  control={<Radio />}
                  label={`${l.label} (${marksText(l.marks)})`}
                />
              ))}
            </RadioGroup>
          </FormControl>
        );
      })}
      <Typography variant="body2">
        Marks for question {number}: {marksText(marks)}
      </Typography>
    </Stack>
  );
}
