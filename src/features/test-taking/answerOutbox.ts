// The answers of one attempt in the outbox (examDb): the shared machinery (lib/outbox.ts: IndexedDB
// first, then sent; parallel by answer, latest value wins; retries with back-off and on `online`;
// 409 and other 4xx dropped and told) keyed by the answer's documentId, confirmed by the revision
// the server echoes (PUT /api/answers/:documentId).
import { Outbox, RETRY_DELAYS_MS, SAVE_CONCURRENCY } from '../../lib/outbox';
import type { StoredAnswer } from './examTypes';
import { examDb, pendingOf, settleEntry, type PendingAnswer } from './examDb';

export { RETRY_DELAYS_MS, SAVE_CONCURRENCY };

export interface OutboxHandlers {
  send: (entry: PendingAnswer) => Promise<StoredAnswer>;
  onSaved: (stored: StoredAnswer, entry: PendingAnswer) => void;
  /** 409: the attempt is over, or this answer was checked and is locked. */
  onConflict: (entry: PendingAnswer, message: string) => void;
  /** Another 4xx: the entry was dropped. */
  onRejected: (entry: PendingAnswer, message: string) => void;
  /** How many answers wait for the server's confirmation. */
  onPendingChange: (count: number) => void;
}

export class AnswerOutbox extends Outbox<PendingAnswer, StoredAnswer> {
  constructor(attemptId: string, handlers: OutboxHandlers, concurrency = SAVE_CONCURRENCY) {
    super(handlers, {
      keyOf: (entry) => entry.answerId,
      confirmed: (stored) => stored.revision,
      concurrency,
      store: {
        load: () => pendingOf(attemptId),
        put: async (entry) => {
          await examDb.pendingAnswers.put(entry);
        },
        settle: (entry, revision) => settleEntry(entry.answerId, revision),
      },
    });
  }
}
