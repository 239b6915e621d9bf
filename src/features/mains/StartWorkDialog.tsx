// Before the clock of a Mains test (or an assignment with a duration) starts (issue 23): the
// duration and the rules, and "Start now" to confirm. The server's clock starts with the start
// call, so nothing is started until the learner confirms here.
import Box from '@mui/material/Box';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { formatDateTime } from '../../lib/dates';
import type { WorkItem } from './mainsTypes';

/** Whether opening this work starts a clock: a Mains test, or an assignment with a duration. */
export function startsClock(item: Pick<WorkItem, 'kind' | 'state' | 'durationMinutes'>): boolean {
  return (
    item.state === 'not-started' &&
    (item.kind === 'test' || (item.durationMinutes !== null && item.durationMinutes > 0))
  );
}

export function StartWorkDialog({
  item,
  open,
  onClose,
  onStart,
}: {
  item: Pick<WorkItem, 'kind' | 'name' | 'durationMinutes' | 'closesAt'>;
  open: boolean;
  onClose: () => void;
  onStart: () => Promise<unknown>;
}) {
  const noun = item.kind === 'test' ? 'test' : 'assignment';
  const minutes = item.durationMinutes !== null && item.durationMinutes > 0;
  return (
    <ConfirmDialog
      open={open}
      title={`Start ${item.name}?`}
      destructive={false}
      confirmLabel="Start now"
      onClose={onClose}
      onConfirm={onStart}
      message={
        <>
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {minutes
              ? `You have ${item.durationMinutes} minutes from the moment you start${
                  item.closesAt ? `, and no later than ${formatDateTime(item.closesAt)}` : ''
                }.`
              : item.closesAt
                ? `You have until ${formatDateTime(item.closesAt)}.`
                : `This ${noun} has no time limit.`}
          </Box>
          <Box component="ul" sx={{ pl: 3, mb: 0 }}>
            <li>
              The clock runs on the server from the moment you start and keeps running if you leave
              the page or close the browser.
            </li>
            <li>Upload your answer documents (PDF or images) for each question.</li>
            <li>
              Press Submit answers before the time is up: after it, uploads and submitting are
              refused.
            </li>
          </Box>
        </>
      }
    />
  );
}
