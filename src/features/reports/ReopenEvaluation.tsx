// Reopening a completed evaluation (issue 27): administrators give a reason; the faculty member can
// then mark again. Staff see who reopened it, when and why (the server keeps the record).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { useReopenEvaluationMutation } from '../mains';
import type { Evaluation } from '../mains';

export const REASON_MIN = 3;
export const REASON_MAX = 500;

interface ReopenEvaluationProps {
  resultId: string;
  subjectName: string;
  evaluation: Evaluation;
  mayReopen: boolean;
}

export function ReopenEvaluation(props: ReopenEvaluationProps) {
  const { resultId, subjectName, evaluation, mayReopen } = props;
  const [reopen] = useReopenEvaluationMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const history = evaluation.reopenings ?? [];

  const submit = async () => {
    const text = reason.trim();
    if (text.length < REASON_MIN || text.length > REASON_MAX) {
      setError(`Give the reason for reopening (${REASON_MIN} to ${REASON_MAX} characters).`);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await reopen({ evaluationId: evaluation.documentId, resultId, reason: text }).unwrap();
      setOpen(false);
      setReason('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      {history.length > 0 ? (
        <Box component="ul" aria-label={`Reopenings of ${subjectName}`} sx={{ p: 0, m: 0, mb: 1 }}>
          {history.map((item, index) => (
            <Typography
              key={`${item.at ?? ''}-${index}`}
              component="li"
              variant="body2"
              color="text.secondary"
              sx={{ listStyle: 'none' }}
            >
              Reopened by {item.by ?? 'an administrator'}
              {item.at ? ` on ${formatDateTime(item.at)}` : ''}: {item.reason}
            </Typography>
          ))}
        </Box>
      ) : null}
      {mayReopen ? (
        <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
          Reopen {subjectName}
        </Button>
      ) : null}
      {open ? (
        <FormDialog
          title={`Reopen ${subjectName}`}
          submitLabel="Reopen"
          busyLabel="Reopening…"
          saving={saving}
          error={error}
          onSubmit={() => void submit()}
          onClose={() => {
            setOpen(false);
            setError(null);
          }}
        >
          <Typography variant="body2">
            The faculty member can then change the marks and complete it again. The reason is kept
            with the evaluation.
          </Typography>
          <TextInput
            label="Reason for reopening"
            value={reason}
            onChange={setReason}
            multiline
            minRows={2}
            required
            autoFocus
          />
        </FormDialog>
      ) : null}
    </Box>
  );
}
