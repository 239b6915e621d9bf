// A setting saved on the person's profile the moment it is chosen (language, time zone): the
// choice shows at once while it is saved, a refused save puts the old one back, and a status line
// (read by screen readers) or an error says how it went. Said once here for every such card.
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

export type ChoiceOutcome = 'saved' | 'failed' | null;

/** `choose(value)` runs `apply(value)`; `pending` is the value being saved, `outcome` how it went. */
export function useProfileChoice<T>(apply: (value: T) => Promise<void>) {
  const [outcome, setOutcome] = useState<ChoiceOutcome>(null);
  const [pending, setPending] = useState<T | null>(null);
  const choose = async (value: T) => {
    setOutcome(null);
    setPending(value);
    try {
      await apply(value);
      setOutcome('saved');
    } catch {
      setOutcome('failed');
    } finally {
      setPending(null);
    }
  };
  return { pending, outcome, choose };
}

/** The status line and the error under a profile choice. */
export function ChoiceStatus(props: {
  outcome: ChoiceOutcome;
  saved: ReactNode;
  failed: ReactNode;
}) {
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {props.outcome === 'saved' ? props.saved : ''}
      </Typography>
      {props.outcome === 'failed' ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {props.failed}
        </Alert>
      ) : null}
    </>
  );
}
