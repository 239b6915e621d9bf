// A learner's re-check request for one question of their published Mains script (issue 27): the
// request's state and history when there is one, else a button that asks with a reason. The
// server decides the window (the test's days after publication) and the one-open-request rule.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ReasonDialog } from '../../components/form/ReasonDialog';
import { formatDateTime } from '../../lib/dates';
import { marksText, useRechecksQuery, useRequestRecheckMutation } from '../mains';
import type { Recheck } from '../mains';

export const REASON_MIN = 10;
export const REASON_MAX = 1000;

const STATUS_TEXT = {
  open: 'Re-check requested',
  kept: 'Re-checked: the mark stays',
  changed: 'Re-checked: the mark changed',
} as const;

/** The steps of one request, oldest first. */
export function RecheckHistory({ request }: { request: Recheck }) {
  return (
    <Box component="ul" aria-label="Re-check history" sx={{ p: 0, m: 0 }}>
      {request.history.map((entry, index) => (
        <Typography
          key={`${entry.at}-${index}`}
          component="li"
          variant="body2"
          color="text.secondary"
          sx={{ listStyle: 'none' }}
        >
          {formatDateTime(entry.at)} · {entry.by}:{' '}
          {entry.action === 'requested'
            ? `asked for a re-check (“${entry.reason ?? ''}”)`
            : entry.action === 'changed'
              ? `changed ${marksText(entry.old)} → ${marksText(entry.new)}`
              : `kept ${marksText(entry.old)}`}
          {entry.comment ? ` — ${entry.comment}` : ''}
        </Typography>
      ))}
    </Box>
  );
}

export function RecheckRequest({
  resultId,
  questionId,
  label,
}: {
  resultId: string;
  questionId: string;
  label: string;
}) {
  const requests = useRechecksQuery({ resultId });
  const [ask] = useRequestRecheckMutation();
  const [open, setOpen] = useState(false);
  const mine = (requests.currentData ?? []).filter((r) => r.question.documentId === questionId);
  const latest = mine[0];

  return (
    <Box sx={{ mt: 1.5 }}>
      {latest ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {STATUS_TEXT[latest.status]}
          </Typography>
          <RecheckHistory request={latest} />
        </>
      ) : null}
      {!latest || latest.status !== 'open' ? (
        <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          Ask for a re-check of {label}
        </Button>
      ) : null}
      <ReasonDialog
        open={open}
        title={`Re-check of ${label}`}
        submitLabel="Ask for a re-check"
        busyLabel="Sending…"
        intro="The faculty member who marked it reads your reason and keeps or changes the mark."
        label="Why should it be re-checked?"
        min={REASON_MIN}
        max={REASON_MAX}
        lengthProblem={`Give your reason (${REASON_MIN} to ${REASON_MAX} characters).`}
        minRows={3}
        counted
        send={(reason) => ask({ resultId, questionId, reason }).unwrap()}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
