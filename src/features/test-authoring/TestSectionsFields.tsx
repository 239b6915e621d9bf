// Sections with their own timers (issue 23), in the test form: off by default (one clock, as
// before). Switched on, the test's questions are grouped by subject in the order the questions
// come (a new test starts with one section to fill in), each section with a name, its minutes and
// its subjects, and optionally a fixed order (a closed section cannot be reopened). The form
// checks what the server checks on save (names, whole minutes above 0, a subject in one section
// only); the fit with the questions and the duration is publishing's check, shown here as a hint.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/form/TextInput';
import { useTestQuestionsQuery } from '../question-bank';
import { SwitchField } from './TestDeliveryFields';
import type { Test, TestSectionDef } from './testTypes';
import {
  type DrawRow,
  drawPayloadOf,
  drawProblem,
  drawRowOf,
  SectionDrawFields,
} from './SectionDrawFields';

interface SectionRow {
  name: string;
  minutes: string;
  /** Comma-separated subject names. */
  subjects: string;
  /** Issue 26: the section's random draw from the pool (absent: none). */
  draw?: DrawRow;
}

const MAX_SECTIONS = 20;

const rowOf = (def: TestSectionDef): SectionRow => ({
  name: def.name,
  minutes: String(def.minutes),
  subjects: def.subjects.join(', '),
  ...(def.draw ? { draw: drawRowOf(def.draw) } : {}),
});

const subjectList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** One section per subject, in the order the questions come; minutes shared out of `duration`. */
export function sectionsBySubject(
  subjects: Array<string | null | undefined>,
  duration: number | null,
): SectionRow[] {
  const names = [...new Set(subjects.filter((s): s is string => Boolean(s)))];
  if (names.length === 0) return [{ name: 'Section 1', minutes: '', subjects: '' }];
  const each = duration && duration > 0 ? Math.floor(duration / names.length) : 0;
  return names.map((name, i) => ({
    name,
    minutes:
      each > 0
        ? String(i === names.length - 1 ? (duration ?? 0) - each * (names.length - 1) : each)
        : '',
    subjects: name,
  }));
}

/** What is wrong with the rows (the server refuses the same on save), or null. */
export function sectionsProblem(rows: SectionRow[]): string | null {
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    if (row.name.trim() === '') return `Section ${i + 1} needs a name.`;
    const minutes = Number(row.minutes);
    if (row.minutes.trim() === '' || !Number.isInteger(minutes) || minutes <= 0) {
      return `${row.name}: enter its minutes (a whole number above 0).`;
    }
    const drawn = row.draw ? drawProblem(row.name, row.draw) : null;
    if (drawn) return drawn;
    for (const subject of subjectList(row.subjects)) {
      if (seen.has(subject)) return `${subject} is in two sections: a question is in one only.`;
      seen.add(subject);
    }
  }
  return null;
}

export function useTestSections(test: Test | null | undefined) {
  const [on, setOn] = useState(Boolean(test?.sections && test.sections.length > 0));
  const [fixedOrder, setFixedOrder] = useState(test?.sections_fixed_order ?? false);
  const [rows, setRows] = useState<SectionRow[]>(() => (test?.sections ?? []).map(rowOf));
  const questions = useTestQuestionsQuery(test?.documentId ?? '', { skip: !test?.documentId });
  const toggle = (checked: boolean, duration: number | null) => {
    setOn(checked);
    if (checked && rows.length === 0) {
      setRows(
        sectionsBySubject(
          (questions.data ?? []).map((q) => q.subject?.SubjectName),
          duration,
        ),
      );
    }
  };
  const problem = on ? sectionsProblem(rows) : null;
  const total = rows.reduce((sum, row) => sum + (Number(row.minutes) || 0), 0);
  return {
    on,
    toggle,
    fixedOrder,
    setFixedOrder,
    rows,
    setRows,
    problem,
    total,
    payload: {
      sections: on
        ? rows.map((row) => ({
            name: row.name.trim(),
            minutes: Number(row.minutes),
            subjects: subjectList(row.subjects),
            ...(row.draw ? { draw: drawPayloadOf(row.draw) } : {}),
          }))
        : null,
      sections_fixed_order: fixedOrder,
    },
  };
}

export type TestSections = ReturnType<typeof useTestSections>;

export function TestSectionsFields({
  sections,
  duration,
  showProblems,
}: {
  sections: TestSections;
  duration: number | null;
  showProblems: boolean;
}) {
  const s = sections;
  const change = (i: number, patch: Partial<SectionRow>) =>
    // A function of the rows now: two sections' pool counts may arrive in one render.
    s.setRows((rows) => rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <SwitchField
        label="Sections with their own time"
        checked={s.on}
        onChange={(checked) => s.toggle(checked, duration)}
        help="Split the test by subject; each section has its own time limit, kept by the server."
      />
      {s.on ? (
        <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
          <SwitchField
            label="Fixed order (a closed section cannot be reopened)"
            checked={s.fixedOrder}
            onChange={s.setFixedOrder}
            help="As in national entrance exams. Otherwise learners move between section tabs while each section's own time runs only while it is open."
          />
          {s.rows.map((row, i) => (
            <Box
              key={i}
              role="group"
              aria-label={`Section ${i + 1}`}
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 3fr auto' },
                alignItems: 'start',
              }}
            >
              <TextInput
                label={`Section ${i + 1} name`}
                value={row.name}
                onChange={(name) => change(i, { name })}
              />
              <TextInput
                label={`Section ${i + 1} minutes`}
                type="number"
                value={row.minutes}
                onChange={(minutes) => change(i, { minutes })}
              />
              <TextInput
                label={`Section ${i + 1} subjects`}
                value={row.subjects}
                onChange={(subjects) => change(i, { subjects })}
                helperText="Subject names, separated by commas"
              />
              <Button
                onClick={() => s.setRows(s.rows.filter((_, j) => j !== i))}
                disabled={s.rows.length <= 1}
                aria-label={`Remove section ${i + 1}`}
              >
                Remove
              </Button>
              <SectionDrawFields
                index={i}
                draw={row.draw}
                onChange={(draw) => change(i, { draw })}
              />
            </Box>
          ))}
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              disabled={s.rows.length >= MAX_SECTIONS}
              onClick={() =>
                s.setRows([
                  ...s.rows,
                  { name: `Section ${s.rows.length + 1}`, minutes: '', subjects: '' },
                ])
              }
            >
              Add a section
            </Button>
            <Typography variant="body2" color="text.secondary">
              Section minutes: {s.total}
              {duration ? ` of the test's ${duration}` : ''}
              {duration && s.total !== duration
                ? ' — publishing needs them to add up to the duration.'
                : ''}
            </Typography>
          </Box>
          {showProblems && s.problem ? <FormHelperText error>{s.problem}</FormHelperText> : null}
        </Box>
      ) : null}
    </Box>
  );
}
