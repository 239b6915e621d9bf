// A test section's random draw from the question pool (issue 26, "Random draws"): "N questions
// drawn at random from the pool where …", each learner getting their own draw when they start.
// The filters are the pool page's own (PoolFilterBar, the same server list), and the number of pool
// questions matching them now is shown from that list's total, so the form refuses to save a draw
// of more questions than match (the server refuses the same with its own count). Every drawn
// question is worth the draw's marks (and costs its negative marks), so every learner's total is
// out of the same maximum.
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/form/TextInput';
import {
  NO_POOL_FILTERS,
  PoolFilterBar,
  usePoolPageQuery,
  type PoolFilters,
} from '../question-bank';
import { SwitchField } from './TestDeliveryFields';
import type { TestDrawFilters, TestSectionDraw } from './testTypes';

/** A draw as the form holds it (text fields as typed; `matches`: the pool's count now). */
export interface DrawRow {
  count: string;
  marks: string;
  negative: string;
  filters: PoolFilters;
  matches: number | null;
}

export const MAX_DRAW = 200;

const FILTER_NAMES = ['type', 'subject', 'topic', 'difficulty', 'tag'] as const;

export const newDrawRow = (): DrawRow => ({
  count: '',
  marks: '1',
  negative: '0',
  filters: NO_POOL_FILTERS,
  matches: null,
});

export const drawRowOf = (draw: TestSectionDraw): DrawRow => ({
  count: String(draw.count),
  marks: String(draw.marks),
  negative: String(draw.negative ?? 0),
  filters: {
    ...NO_POOL_FILTERS,
    ...Object.fromEntries(FILTER_NAMES.map((name) => [name, draw.filters?.[name] ?? ''])),
  } as PoolFilters,
  matches: null,
});

export const drawPayloadOf = (row: DrawRow): TestSectionDraw => ({
  count: Number(row.count),
  marks: Number(row.marks),
  negative: Number(row.negative) || 0,
  filters: Object.fromEntries(
    FILTER_NAMES.map((name) => [name, row.filters[name].trim()]).filter(([, v]) => v !== ''),
  ) as TestDrawFilters,
});

/** What is wrong with a section's draw (the server refuses the same), or null. */
export function drawProblem(section: string, row: DrawRow): string | null {
  const count = Number(row.count);
  if (row.count.trim() === '' || !Number.isInteger(count) || count < 1 || count > MAX_DRAW) {
    return `${section}: draw a whole number of questions from 1 to ${MAX_DRAW}.`;
  }
  const marks = Number(row.marks);
  if (row.marks.trim() === '' || !Number.isFinite(marks) || marks <= 0) {
    return `${section}: enter the marks of each drawn question (above 0).`;
  }
  if (!Number.isFinite(Number(row.negative)) || Number(row.negative) < 0) {
    return `${section}: negative marks are 0 or more.`;
  }
  if (row.matches !== null && count > row.matches) {
    return `${section}: only ${row.matches} pool question${row.matches === 1 ? '' : 's'} match these filters; draw at most ${row.matches} or widen the filters.`;
  }
  return null;
}

/** How many pool questions the filters match now (null while unknown). */
function useMatches(filters: PoolFilters): { matches: number | null; failed: boolean } {
  const page = usePoolPageQuery({ search: '', page: 1, filters: { ...filters, used: '' } });
  const total = page.data?.meta?.pagination?.total;
  return { matches: typeof total === 'number' ? total : null, failed: page.isError };
}

export function SectionDrawFields({
  index,
  draw,
  onChange,
}: {
  index: number;
  draw: DrawRow | undefined;
  onChange: (draw: DrawRow | undefined) => void;
}) {
  const n = index + 1;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <SwitchField
        label={`Section ${n}: draw from the pool`}
        checked={draw !== undefined}
        onChange={(checked) => onChange(checked ? newDrawRow() : undefined)}
        help="Each learner gets their own questions, picked at random when they start."
      />
      {draw ? <DrawDetails n={n} draw={draw} onChange={onChange} /> : null}
    </Box>
  );
}

function DrawDetails({
  n,
  draw,
  onChange,
}: {
  n: number;
  draw: DrawRow;
  onChange: (draw: DrawRow) => void;
}) {
  const { matches, failed } = useMatches(draw.filters);
  useEffect(() => {
    if (matches !== draw.matches) onChange({ ...draw, matches });
  }, [matches, draw, onChange]);
  const set = (patch: Partial<DrawRow>) => onChange({ ...draw, ...patch });
  return (
    <Box
      role="group"
      aria-label={`Section ${n} draw`}
      sx={{ display: 'grid', gap: 1, pl: { sm: 2 } }}
    >
      <Box
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        <TextInput
          label={`Section ${n} questions to draw`}
          type="number"
          value={draw.count}
          onChange={(count) => set({ count })}
        />
        <TextInput
          label={`Section ${n} marks each`}
          type="number"
          value={draw.marks}
          onChange={(marks) => set({ marks })}
        />
        <TextInput
          label={`Section ${n} negative marks each`}
          type="number"
          value={draw.negative}
          onChange={(negative) => set({ negative })}
        />
      </Box>
      <PoolFilterBar
        filters={draw.filters}
        onChange={(filters) => set({ filters })}
        withoutUse
        label={`Section ${n} pool filters`}
      />
      <Typography variant="body2" color={failed ? 'error' : 'text.secondary'} aria-live="polite">
        {failed
          ? 'The pool could not be counted; saving checks it.'
          : matches === null
            ? 'Counting the pool questions that match…'
            : `${matches} pool question${matches === 1 ? '' : 's'} match now.`}
      </Typography>
    </Box>
  );
}
