// A test's or an assignment's status on its own page (issue 23): the chip, Publish for a draft
// (a refusal shows the server's list of what is missing) and Close for a published one, after a
// confirmation. The lists have the same actions on each row (WorkList).
import { useState } from 'react';
import Button from '@mui/material/Button';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { errorMessage } from '../../lib/strapi';
import { useAppDispatch } from '../../store/hooks';
import { messageShown } from '../../store/uiSlice';
import { capitalised } from './testLabels';
import type { WorkStatus } from './testTypes';
import { WorkStatusChip } from './WorkListFilters';

export interface WorkLifecycle {
  publish: () => Promise<unknown>;
  close: () => Promise<unknown>;
}

interface WorkStatusActionsProps extends WorkLifecycle {
  noun: 'test' | 'assignment';
  name: string;
  status?: WorkStatus | null;
}

export function WorkStatusActions({ noun, name, status, publish, close }: WorkStatusActionsProps) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const Noun = capitalised(noun);
  const value = status ?? 'published';

  const onPublish = async () => {
    setBusy(true);
    try {
      await publish();
      dispatch(messageShown({ kind: 'success', text: `${Noun} published.` }));
    } catch (failure) {
      dispatch(messageShown({ kind: 'error', text: errorMessage(failure) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <WorkStatusChip status={value} />
      {value === 'draft' ? (
        <Button variant="contained" disabled={busy} onClick={() => void onPublish()}>
          {`Publish ${noun}`}
        </Button>
      ) : null}
      {value === 'published' ? (
        <Button color="warning" onClick={() => setClosing(true)}>
          {`Close ${noun}`}
        </Button>
      ) : null}
      <ConfirmDialog
        open={closing}
        title={`Close ${noun}?`}
        message={`"${name}" closes now: learners can no longer start it, and attempts in progress end now with the answers they have.`}
        confirmLabel="Close now"
        destructive
        onClose={() => setClosing(false)}
        onConfirm={async () => {
          await close();
          dispatch(messageShown({ kind: 'success', text: `${Noun} closed.` }));
        }}
      />
    </>
  );
}
