// The attempt in progress: read from the server when the player opens (examEndpoints' attempt),
// with what still waits in the outbox laid over the server's answers and the learner back at the
// question they were on (examDb). Ended attempts lead to their result. Where the learner is
// is kept for a reload (and a sign-in after a forced sign-out).
import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { errorMessage } from '../../lib/strapi';
import { pendingOf, readPlace, settleEntry, writePlace, type PendingAnswer } from './examDb';
import { examEndpoints, readAttemptAfresh } from './examEndpoints';
import {
  answerChecked,
  attemptEnded,
  attemptLoadFailed,
  attemptLoadStarted,
  attemptLoaded,
  selectPlayer,
} from './examSlice';
import { isEnded, type AttemptState, type CheckOutcome } from './examTypes';

async function readOutbox(attemptId: string): Promise<PendingAnswer[]> {
  try {
    return await pendingOf(attemptId);
  } catch {
    return [];
  }
}

export function useAttempt(attemptId: string) {
  const dispatch = useAppDispatch();
  const player = useAppSelector(selectPlayer);
  const mine = player.attemptId === attemptId;
  const ready = mine && player.status === 'succeeded' && !player.ended;

  /** The server's word on the attempt, read afresh (never from the cache). */
  const readAttempt = useCallback(
    (): Promise<AttemptState> => readAttemptAfresh(dispatch, attemptId),
    [attemptId, dispatch],
  );

  useEffect(() => {
    let live = true;
    const open = async () => {
      dispatch(attemptLoadStarted(attemptId));
      try {
        const state = await readAttempt();
        const receivedAt = Date.now();
        if (isEnded(state)) {
          dispatch(attemptEnded({ attemptId, resultId: state.resultId }));
          return;
        }
        const pending = await readOutbox(attemptId);
        // Entries the server already holds (same or newer revision) are done.
        const newer: PendingAnswer[] = [];
        for (const entry of pending) {
          const server = state.answers.find((a) => a.documentId === entry.answerId);
          if (server && server.revision >= entry.revision) {
            await settleEntry(entry.answerId, server.revision).catch(() => undefined);
          } else {
            newer.push(entry);
          }
        }
        const place = (await readPlace(attemptId).catch(() => undefined)) ?? null;
        if (!live) return;
        dispatch(attemptLoaded({ attemptId, data: state, receivedAt, pending: newer, place }));
      } catch (error) {
        dispatch(
          attemptLoadFailed({
            attemptId,
            error: errorMessage(error, 'The test could not be loaded.'),
          }),
        );
      }
    };
    void open();
    return () => {
      live = false;
    };
  }, [attemptId, dispatch, readAttempt]);

  // Where the learner is, kept for a reload.
  const { index, visited } = player;
  useEffect(() => {
    if (!ready) return;
    writePlace({ attemptId, index, visited, updatedAt: Date.now() }).catch(() => undefined);
  }, [ready, attemptId, index, visited]);

  /** Asks the server whether the attempt is over (after a 409); true when it is. */
  const confirmOver = useCallback(async (): Promise<boolean> => {
    const state = await readAttempt();
    if (!isEnded(state)) return false;
    dispatch(attemptEnded({ attemptId, resultId: state.resultId }));
    return true;
  }, [attemptId, dispatch, readAttempt]);

  /** Checks a practice answer (the server repeats an earlier check). */
  const check = useCallback(
    async (answerId: string): Promise<CheckOutcome> => {
      const outcome = await dispatch(
        examEndpoints.endpoints.checkAnswer.initiate(answerId, { track: false }),
      ).unwrap();
      dispatch(answerChecked({ answerId, outcome }));
      return outcome;
    },
    [dispatch],
  );

  return { player, mine, ready, confirmOver, check };
}
