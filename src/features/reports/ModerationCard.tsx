// A moderator's second marking of one subject of a script (issue 27): one total with an optional
// comment, kept apart from the evaluation (it never counts toward the learner's result); the
// administrator's release check compares both and flags differences above the test's margin.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import { marksText, useSubmitModerationMutation } from '../mains';
import type { NamedRef } from '../mains';

export function ModerationCard({
  resultId,
  subject,
  marks,
  comment,
}: {
  resultId: string;
  subject: NamedRef;
  marks: number | null;
  comment: string | null;
}) {
  const [save, saving] = useSubmitModerationMutation();
  const [value, setValue] = useState(marks === null ? '' : String(marks));
  const [note, setNote] = useState(comment ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async () => {
    setMessage(null);
    try {
      await save({
        resultId,
        subjectId: subject.documentId,
        marks: Number(value),
        comment: note.trim(),
      }).unwrap();
      setMessage({ ok: true, text: 'Moderation saved.' });
    } catch (failure) {
      setMessage({ ok: false, text: errorMessage(failure) });
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={`Moderation of ${subject.name}`}
      sx={{ p: 2 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Moderation of {subject.name}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Your second marking: {marksText(marks)}. It does not count toward the result.
      </Typography>
      {message ? (
        <Alert severity={message.ok ? 'success' : 'error'} role="status" sx={{ mb: 1 }}>
          {message.text}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <TextInput label="Your total" type="number" value={value} onChange={setValue} />
        <TextInput label="Comment (optional)" value={note} onChange={setNote} multiline />
        <Button
          variant="outlined"
          disabled={saving.isLoading || value.trim() === ''}
          onClick={() => void submit()}
        >
          Save moderation
        </Button>
      </Box>
    </Paper>
  );
}
