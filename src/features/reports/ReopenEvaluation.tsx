// Reopening a completed evaluation (issue 27): administrators give a reason; the faculty member can
// then mark again. Staff see who reopened it, when and why (the server keeps the record).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ReasonDialog } from '../../components/form/ReasonDialog';
import { formatDateTime } from '../../lib/dates';
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
  const history = evaluation.reopenings ?? [];

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
      <ReasonDialog
        open={open}
        title={`Reopen ${subjectName}`}
        submitLabel="Reopen"
        busyLabel="Reopening…"
        intro="The faculty member can then change the marks and complete it again. The reason is kept with the evaluation."
        label="Reason for reopening"
        min={REASON_MIN}
        max={REASON_MAX}
        lengthProblem={`Give the reason for reopening (${REASON_MIN} to ${REASON_MAX} characters).`}
        minRows={2}
        required
        send={(reason) =>
          reopen({ evaluationId: evaluation.documentId, resultId, reason }).unwrap()
        }
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
