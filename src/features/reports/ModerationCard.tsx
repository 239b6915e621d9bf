// A moderator's second marking of one subject of a script (issue 27): a mark per question (the
// total is their sum once all are marked) or, for a subject without questions, one total, with an
// optional comment; kept apart from the evaluation (it never counts toward the learner's result).
// The administrator's release check compares both, per question and per subject, and flags
// differences above the test's margin. Rubric questions take a typed mark here: a moderation is a
// comparison, the learner never sees it.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import { marksText, useSubmitModerationMutation } from '../mains';
import type { NamedRef, QuestionMark } from '../mains';
import type { MarkableQuestion } from './QuestionMarking';

/** The sum of the typed marks when every question has one, else null. */
function totalOf(questions: MarkableQuestion[], typed: Record<string, string>): number | null {
  const values = questions.map((q) => (typed[q.documentId] ?? '').trim());
  if (values.some((v) => v === '' || !Number.isFinite(Number(v)))) return null;
  return Math.round(values.reduce((sum, v) => sum + Number(v), 0) * 100) / 100;
}

export function ModerationCard({
  resultId,
  subject,
  marks,
  comment,
  questions = [],
  given = [],
  allowHalf = false,
}: {
  resultId: string;
  subject: NamedRef;
  marks: number | null;
  comment: string | null;
  /** The subject's questions in this script: marked one by one when there are any. */
  questions?: MarkableQuestion[];
  /** The moderator's per-question marks so far. */
  given?: QuestionMark[];
  allowHalf?: boolean;
}) {
  const [save, saving] = useSubmitModerationMutation();
  const perQuestion = questions.length > 0;
  const [value, setValue] = useState(marks === null ? '' : String(marks));
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      given.flatMap((m) => (m.marks === null ? [] : [[m.question, String(m.marks)]])),
    ),
  );
  const [note, setNote] = useState(comment ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const filled = questions.filter((q) => (typed[q.documentId] ?? '').trim() !== '');
  const total = totalOf(questions, typed);

  const submit = async () => {
    setMessage(null);
    try {
      await save(
        perQuestion
          ? {
              resultId,
              subjectId: subject.documentId,
              questions: filled.map((q) => ({
                questionId: q.documentId,
                marks: Number(typed[q.documentId]),
              })),
              comment: note.trim(),
            }
          : { resultId, subjectId: subject.documentId, marks: Number(value), comment: note.trim() },
      ).unwrap();
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
        {perQuestion ? (
          <>
            {questions.map((q) => (
              <TextInput
                key={q.documentId}
                label={`Question ${q.number}${q.maximum === null ? '' : ` (out of ${q.maximum})`}`}
                type="number"
                helperText={allowHalf ? 'Half marks allowed' : undefined}
                value={typed[q.documentId] ?? ''}
                onChange={(next) => setTyped((current) => ({ ...current, [q.documentId]: next }))}
              />
            ))}
            <Typography variant="body2" aria-live="polite">
              {total === null
                ? `Total: when every question is marked (${filled.length} of ${questions.length}).`
                : `Total: ${marksText(total)}`}
            </Typography>
          </>
        ) : (
          <TextInput label="Your total" type="number" value={value} onChange={setValue} />
        )}
        <TextInput label="Comment (optional)" value={note} onChange={setNote} multiline />
        <Button
          variant="outlined"
          disabled={saving.isLoading || (perQuestion ? filled.length === 0 : value.trim() === '')}
          onClick={() => void submit()}
        >
          Save moderation
        </Button>
      </Box>
    </Paper>
  );
}
