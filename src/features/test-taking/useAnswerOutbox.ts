// The answer outbox of the attempt being taken, as a hook: while the attempt is open it runs an
// AnswerOutbox (answerOutbox.ts: order, retry, offline, IndexedDB) that sends each change through
// examEndpoints' saveAnswer and tells the exam slice what the server confirmed and how many
// answers wait. The player records a change with `change` and submits after `flush`.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { AnswerOutbox } from './answerOutbox';
import type { PendingAnswer } from './examDb';
import { examEndpoints } from './examEndpoints';
import { takeEvents } from './integrityLog';
import { answerChanged, answerSaved, pendingCountChanged, type AnswerView } from './examSlice';
import type { QuestionKind } from './answerKinds';

export interface AnswerPatch {
  selected_answer?: string | null;
  /** The question's type: the save sends the answer in its shape (answerKinds.ts). */
  kind?: QuestionKind;
  mark_as_important?: boolean;
}

export interface OutboxEvents {
  /** 409: the attempt is over, or this answer was checked and is locked. */
  onConflict: (message: string) => void;
  /** Another 4xx: the change was dropped. */
  onRejected: (message: string) => void;
}

export interface AnswerOutboxHandle {
  /** Shows a change at once, keeps it in IndexedDB, then sends it. */
  change: (questionId: string, answer: AnswerView, patch: AnswerPatch) => void;
  /** Waits until every change is confirmed (true), or gives up after `timeoutMs` (false). */
  flush: (timeoutMs: number) => Promise<boolean>;
  /** How many changes wait for the server's confirmation. */
  size: () => number;
  stop: () => void;
}

export function useAnswerOutbox(
  attemptId: string,
  open: boolean,
  events: OutboxEvents,
): AnswerOutboxHandle {
  const dispatch = useAppDispatch();
  const outboxRef = useRef<AnswerOutbox | null>(null);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  // Picks up what an earlier page left for this attempt, then sends every change.
  useEffect(() => {
    if (!open) return undefined;
    const outbox = new AnswerOutbox(attemptId, {
      // Not tracked in the store: an exam makes hundreds of saves, the outbox keeps the state.
      // The integrity log's waiting events ride with the save (integrityLog.ts): gone from the
      // queue once the server answered, back in it when the save did not reach it.
      send: async (entry) => {
        const taken = takeEvents(attemptId);
        try {
          const stored = await dispatch(
            examEndpoints.endpoints.saveAnswer.initiate(
              { ...entry, events: taken.events },
              { track: false },
            ),
          ).unwrap();
          taken.done();
          return stored;
        } catch (error) {
          taken.release();
          throw error;
        }
      },
      onSaved: (stored) => dispatch(answerSaved(stored)),
      onConflict: (_entry, message) => eventsRef.current.onConflict(message),
      onRejected: (_entry, message) => eventsRef.current.onRejected(message),
      onPendingChange: (count) => dispatch(pendingCountChanged(count)),
    });
    outboxRef.current = outbox;
    void outbox.start();
    return () => {
      outbox.stop();
      if (outboxRef.current === outbox) outboxRef.current = null;
    };
  }, [open, attemptId, dispatch]);

  const change = useCallback(
    (questionId: string, answer: AnswerView, patch: AnswerPatch) => {
      const entry: PendingAnswer = {
        attemptId,
        answerId: answer.answerId,
        selected_answer:
          patch.selected_answer !== undefined ? patch.selected_answer : answer.selected_answer,
        mark_as_important: patch.mark_as_important ?? answer.mark_as_important,
        ...(patch.kind && patch.kind !== 'single' ? { kind: patch.kind } : {}),
        revision: Math.max(Date.now(), answer.revision + 1),
        queuedAt: Date.now(),
      };
      dispatch(answerChanged({ questionId, entry }));
      void outboxRef.current?.enqueue(entry);
    },
    [attemptId, dispatch],
  );

  return useMemo(
    () => ({
      change,
      flush: (timeoutMs: number) =>
        outboxRef.current ? outboxRef.current.flush(timeoutMs) : Promise.resolve(true),
      size: () => outboxRef.current?.size ?? 0,
      stop: () => outboxRef.current?.stop(),
    }),
    [change],
  );
}
