// Bulk edit of the ticked pool questions (issue 26, "Organising"): set or clear the subject, the
// topic and the difficulty, add or remove tags, in one server call (questionPool-bulk-edit, which
// changes all of them or none). A field left at "Keep" is not sent.
import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useSubjectOptionsQuery } from '../courses';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectInput, choicesOf } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { useSubjectTopicsQuery } from './questionsEndpoints';
import { tagsOf, tagsProblem } from './poolTags';
import { DIFFICULTIES, DIFFICULTY_LABELS, type PoolBulkEdit } from './questionTypes';

/** Most questions one bulk edit changes (the server's limit). */
export const BULK_EDIT_MAX = 500;

const KEEP = '';
const CLEAR = 'clear';

interface PoolBulkEditDialogProps {
  ids: readonly string[];
  onSave: (edit: PoolBulkEdit) => Promise<unknown>;
  onClose: () => void;
}

/** A select's value as the edit sends it: left out (keep), null (clear) or the value. */
const change = <T extends string>(value: string, as: (v: string) => T | null) =>
  value === KEEP ? undefined : value === CLEAR ? null : as(value);

export function PoolBulkEditDialog({ ids, onSave, onClose }: PoolBulkEditDialogProps) {
  const subjects = useSubjectOptionsQuery();
  const [subject, setSubject] = useState(KEEP);
  const [topic, setTopic] = useState(KEEP);
  const [difficulty, setDifficulty] = useState(KEEP);
  const [addTags, setAddTags] = useState('');
  const [removeTags, setRemoveTags] = useState('');
  const chosenSubject = subject !== KEEP && subject !== CLEAR ? subject : '';
  const topics = useSubjectTopicsQuery(chosenSubject, { skip: !chosenSubject });
  const form = useFormSubmit(onClose);

  const added = tagsOf(addTags);
  const removed = tagsOf(removeTags);
  const edit: PoolBulkEdit = {
    ids,
    ...(subject !== KEEP ? { subject: change(subject, (v) => v) } : {}),
    ...(topic !== KEEP ? { topic: change(topic, (v) => v) } : {}),
    ...(difficulty !== KEEP
      ? { difficulty: change(difficulty, (v) => DIFFICULTIES.find((d) => d === v) ?? null) }
      : {}),
    ...(added.length > 0 ? { addTags: added } : {}),
    ...(removed.length > 0 ? { removeTags: removed } : {}),
  };
  const problems = {
    addTags: tagsProblem(added),
    removeTags: tagsProblem(removed),
    nothing: Object.keys(edit).length === 1 ? 'Choose at least one change.' : null,
    count: ids.length > BULK_EDIT_MAX ? `Edit at most ${BULK_EDIT_MAX} questions at once.` : null,
  };
  const blocked = Object.values(problems).some(Boolean);
  const general = form.shown(problems.nothing ?? problems.count);

  return (
    <FormDialog
      {...form.dialog}
      title={`Edit ${ids.length} question${ids.length === 1 ? '' : 's'}`}
      submitLabel="Apply changes"
      onSubmit={() => form.submit(blocked, () => onSave(edit))}
    >
      {general ? (
        <Typography color="error" role="alert" variant="body2">
          {general}
        </Typography>
      ) : null}
      <SelectInput
        label="Subject"
        value={subject}
        onChange={(value) => {
          setSubject(value);
          setTopic(KEEP);
        }}
        choices={[
          { value: KEEP, label: 'Keep as it is' },
          ...choicesOf(subjects.data ?? [], (item) => item.SubjectName),
          { value: CLEAR, label: 'No subject' },
        ]}
      />
      <SelectInput
        label="Topic"
        value={topic}
        onChange={setTopic}
        helperText={chosenSubject ? undefined : 'Choose a subject to pick one of its topics.'}
        choices={[
          { value: KEEP, label: 'Keep as it is' },
          ...choicesOf(topics.data ?? [], (item) => item.topic_name),
          { value: CLEAR, label: 'No topic' },
        ]}
      />
      <SelectInput
        label="Difficulty"
        value={difficulty}
        onChange={setDifficulty}
        choices={[
          { value: KEEP, label: 'Keep as it is' },
          ...DIFFICULTIES.map((value) => ({ value, label: DIFFICULTY_LABELS[value] })),
          { value: CLEAR, label: 'Not rated' },
        ]}
      />
      <TextInput
        label="Add tags"
        value={addTags}
        onChange={setAddTags}
        helperText="Separate tags with commas."
        problem={form.shown(problems.addTags)}
      />
      <TextInput
        label="Remove tags"
        value={removeTags}
        onChange={setRemoveTags}
        problem={form.shown(problems.removeTags)}
      />
    </FormDialog>
  );
}
