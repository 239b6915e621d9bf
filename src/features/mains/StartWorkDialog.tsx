// Before the clock of a Mains test (or an assignment with a duration) starts (issue 23): the
// duration and the rules, and "Start now" to confirm. The server's clock starts with the start
// call, so nothing is started until the learner confirms here — from the list's card, or on the
// work page itself when the learner arrives by its address (StartGate).
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import Box from '@mui/material/Box';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { useMyWorkItemQuery } from './mainsEndpoints';
import type { WorkItem, WorkKind } from './mainsTypes';

/** Navigation state the list's card sets after the learner confirmed there. */
export const CONFIRMED_START = { confirmedStart: true } as const;

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
                  item.closesAt
                    ? `, and no later than ${formatDateTime(item.closesAt, { zone: true })}`
                    : ''
                }.`
              : item.closesAt
                ? `You have until ${formatDateTime(item.closesAt, { zone: true })}.`
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

/**
 * The work page's gate: a learner who did not confirm on the list's card (they typed or bookmarked
 * the address) sees the same dialog before the page's start call; "Cancel" goes back. Work that
 * starts no clock, an attempt named in the address, or a work item not in the learner's list (the
 * server's start answers why) pass straight through.
 */
export function StartGate({
  kind,
  documentId,
  attemptId,
  back,
  children,
}: {
  kind: WorkKind;
  documentId: string;
  attemptId: string | null;
  back: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const confirmedOnCard =
    (location.state as { confirmedStart?: unknown } | null)?.confirmedStart === true;
  const check = !attemptId && !confirmedOnCard;
  const query = useMyWorkItemQuery(check ? { kind, documentId } : skipToken);
  const [confirmed, setConfirmed] = useState(false);
  if (!check || confirmed || query.isError) {
    return <>{children}</>;
  }
  if (!query.isSuccess) {
    return <Spinner label="Opening the work" />;
  }
  const item = query.data;
  if (!item || !startsClock(item)) {
    return <>{children}</>;
  }
  return (
    <PageContainer title={item.name}>
      <StartWorkDialog
        item={item}
        open
        onClose={() => void navigate(back)}
        onStart={async () => {
          setConfirmed(true);
        }}
      />
    </PageContainer>
  );
}
