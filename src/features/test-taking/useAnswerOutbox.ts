// The answer outbox of one attempt, as a hook: while the attempt is open it picks up what an
// earlier page left in IndexedDB and sends every change (see answerOutbox.ts for the guarantees:
// order per answer, retries, offline, 409 handling). The player only enqueues and flushes.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { AnswerOutbox } from './answerOutbox';
import { putAnswer } from './examApi';
import type { PendingAnswer } from './examDb';
import { answerSaved, pendingCountChanged } from './examSlice';
import { confirmAttemptOver } from './examThunks';

export interface AnswerOutboxHandle {
  /** Writes the change to the outbox, then sends it. */
  enqueue: (entry: PendingAnswer) => void;
  /** Sends what waits; true when everything was confirmed within `ms`. */
  flush: (ms: number) => Promise<boolean>;
  /** How many answers wait for the server. */
  size: () => number;
  /** Stops sending (after the attempt was submitted). */
  stop: () => void;
}

/**
 * @param open the attempt is loaded and not over: only then does the outbox run.
 * @param onNotice a message for the learner (a refused save that did not end the attempt).
 */
export function useAnswerOutbox(
  attemptId: string,
  open: boolean,
  onNotice: (message: string) => void,
): AnswerOutboxHandle {
  const dispatch = useAppDispatch();
  const outboxRef = useRef<AnswerOutbox | null>(null);
  const noticeRef = useRef(onNotice);
  useEffect(() => {
    noticeRef.current = onNotice;
  });

  useEffect(() => {
    if (!open) return undefined;
    const outbox = new AnswerOutbox(attemptId, {
      send: (entry) => putAnswer(entry),
      onSaved: (stored) => dispatch(answerSaved(stored)),
      onConflict: (_entry, message) => {
        // The attempt may be over (time up, submitted elsewhere): then its result opens.
        dispatch(confirmAttemptOver(attemptId)).then(
          (over) => (over ? undefined : noticeRef.current(message)),
          () => noticeRef.current(message),
        );
      },
      onRejected: (_entry, message) => noticeRef.current(message),
      onPendingChange: (count) => dispatch(pendingCountChanged(count)),
    });
    outboxRef.current = outbox;
    void outbox.start();
    return () => {
      outbox.stop();
      if (outboxRef.current === outbox) outboxRef.current = null;
    };
  }, [open, attemptId, dispatch]);

  const enqueue = useCallback((entry: PendingAnswer) => {
    void outboxRef.current?.enqueue(entry);
  }, []);
  const flush = useCallback(
    async (ms: number) => (outboxRef.current ? outboxRef.current.flush(ms) : true),
    [],
  );
  const size = useCallback(() => outboxRef.current?.size ?? 0, []);
  const stop = useCallback(() => outboxRef.current?.stop(), []);
  return useMemo(() => ({ enqueue, flush, size, stop }), [enqueue, flush, size, stop]);
}
