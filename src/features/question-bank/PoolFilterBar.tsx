// The question pool's filters (issue 26, "Organising"): type, subject, the subject's topic,
// difficulty, a tag and whether a test uses the question. Native selects in a grid that folds to
// one column on a phone; the server filters (questionPool-search). The tag is what is typed: the
// page sends it once typing settles, as it does the search.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSubjectOptionsQuery } from '../courses';
import { SelectInput, choicesOf } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { useSubjectTopicsQuery } from './questionsEndpoints';
import {
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  NO_POOL_FILTERS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type PoolFilters,
} from './questionTypes';

interface PoolFilterBarProps {
  filters: PoolFilters;
  onChange: (filters: PoolFilters) => void;
  /** A test section's draw (issue 26) filters without "used"; its group gets this name. */
  withoutUse?: boolean;
  label?: string;
}

const DIFFICULTY_CHOICES = [
  ...DIFFICULTIES.map((value) => ({ value, label: DIFFICULTY_LABELS[value] })),
  { value: 'none', label: 'Not rated' },
];
const USED_CHOICES = [
  { value: 'used', label: 'Used in a test or assignment' },
  { value: 'unused', label: 'Never used' },
];

const pick = <T extends string>(allowed: readonly T[], value: string): T | '' =>
  allowed.find((item) => item === value) ?? '';

export function PoolFilterBar({
  filters,
  onChange,
  withoutUse = false,
  label = 'Filter questions',
}: PoolFilterBarProps) {
  const subjects = useSubjectOptionsQuery();
  const topics = useSubjectTopicsQuery(filters.subject, { skip: !filters.subject });
  const set = (change: Partial<PoolFilters>) => onChange({ ...filters, ...change });
  const any = Object.values(filters).some((value) => value !== '');
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: '1fr 1fr',
          md: 'repeat(3, 1fr)',
          lg: 'repeat(6, 1fr)',
        },
        mb: 2,
      }}
    >
      <SelectInput
        label="Type"
        value={filters.type}
        emptyLabel="Any type"
        onChange={(value) => set({ type: pick(QUESTION_TYPES, value) })}
        choices={QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }))}
      />
      <SelectInput
        label="Subject"
        value={filters.subject}
        emptyLabel="Any subject"
        onChange={(value) => set({ subject: value, topic: '' })}
        choices={[
          ...choicesOf(subjects.data ?? [], (subject) => subject.SubjectName),
          { value: 'none', label: 'No subject' },
        ]}
      />
      <SelectInput
        label="Topic"
        value={filters.topic}
        emptyLabel="Any topic"
        disabled={!filters.subject || filters.subject === 'none'}
        onChange={(value) => set({ topic: value })}
        choices={[
          ...choicesOf(topics.data ?? [], (topic) => topic.topic_name),
          { value: 'none', label: 'No topic' },
        ]}
      />
      <SelectInput
        label="Difficulty"
        value={filters.difficulty}
        emptyLabel="Any difficulty"
        onChange={(value) => set({ difficulty: pick([...DIFFICULTIES, 'none'] as const, value) })}
        choices={DIFFICULTY_CHOICES}
      />
      <TextInput
        label="Tag"
        type="search"
        value={filters.tag}
        onChange={(value) => set({ tag: value })}
      />
      {withoutUse ? null : (
        <SelectInput
          label="Use"
          value={filters.used}
          emptyLabel="Used or not"
          onChange={(value) => set({ used: pick(['used', 'unused'] as const, value) })}
          choices={USED_CHOICES}
        />
      )}
      {any ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button size="small" onClick={() => onChange(NO_POOL_FILTERS)}>
            Clear filters
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
