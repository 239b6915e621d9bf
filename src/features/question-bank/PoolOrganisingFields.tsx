// The pool form's organising fields (issue 26): the subject's topic, the difficulty and free tags
// (typed comma-separated; the server trims, folds case and drops duplicates).
import Box from '@mui/material/Box';
import { SelectInput, choicesOf } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { useSubjectTopicsQuery } from './questionsEndpoints';
import { DIFFICULTIES, DIFFICULTY_LABELS, TAG_LIMITS, type Difficulty } from './questionTypes';

export interface OrganisingDraft {
  topic: string;
  difficulty: Difficulty | '';
  tags: string;
}

interface PoolOrganisingFieldsProps {
  subjectId: string | null;
  draft: OrganisingDraft;
  onChange: (draft: OrganisingDraft) => void;
  tagsProblem?: string | null;
}

export function PoolOrganisingFields(props: PoolOrganisingFieldsProps) {
  const { subjectId, draft, onChange, tagsProblem } = props;
  const topics = useSubjectTopicsQuery(subjectId ?? '', { skip: !subjectId });
  const set = (change: Partial<OrganisingDraft>) => onChange({ ...draft, ...change });
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectInput
          label="Topic"
          value={draft.topic}
          emptyLabel="No topic"
          disabled={!subjectId}
          helperText={subjectId ? undefined : 'Choose a subject first.'}
          onChange={(value) => set({ topic: value })}
          choices={choicesOf(topics.data ?? [], (topic) => topic.topic_name)}
        />
        <SelectInput
          label="Difficulty"
          value={draft.difficulty}
          emptyLabel="Not rated"
          onChange={(value) => set({ difficulty: DIFFICULTIES.find((d) => d === value) ?? '' })}
          choices={DIFFICULTIES.map((value) => ({ value, label: DIFFICULTY_LABELS[value] }))}
        />
      </Box>
      <TextInput
        label="Tags"
        value={draft.tags}
        onChange={(value) => set({ tags: value })}
        helperText={`Separate tags with commas; at most ${TAG_LIMITS.count}.`}
        problem={tagsProblem}
      />
    </>
  );
}
