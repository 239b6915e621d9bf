// Sends the answers of one attempt from the outbox (examDb) until the server confirms each:
// - a change is written to IndexedDB first, then sent (PUT /api/answers/:documentId);
// - saves of different answers go in parallel, a few at a time; for one answer only the latest
//   value matters (a newer change waits for the one in flight, then goes);
// - a network error, 5xx, 408 or 429 keeps the entry and retries it after 1 s, 2 s, 5 s, then
//   every 10 s, and at once when the browser comes back online;
// - 409 (the attempt is over, or the answer was checked) and other 4xx drop the entry and tell
//   the player, which decides what follows.
import { errorMessage, isApiError } from '../../lib/strapi';
import type { StoredAnswer } from './examTypes';
import { examDb, pendingOf, settleEntry, type PendingAnswer } from './examDb';

export const RETRY_DELAYS_MS = [1000, 2000, 5000, 10000] as const;
export const SAVE_CONCURRENCY = 4;

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

function retryable(error: unknown): boolean {
  const status = isApiError(error) ? error.status : null;
  return status === null || status >= 500 || status === 429 || status === 408;
}

export class AnswerOutbox {
  private readonly pending = new Map<string, PendingAnswer>();
  private readonly inFlight = new Set<string>();
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly waiters = new Set<(done: boolean) => void>();
  private readonly onOnline = () => this.retryNow();

  constructor(
    private readonly attemptId: string,
    private readonly handlers: OutboxHandlers,
    private readonly concurrency = SAVE_CONCURRENCY,
  ) {}

  /** Picks up what the outbox holds for this attempt (an earlier page, or before a sign-out). */
  async start(): Promise<void> {
    window.addEventListener('online', this.onOnline);
    let rows: PendingAnswer[] = [];
    try {
      rows = await pendingOf(this.attemptId);
    } catch {
      // No IndexedDB: the in-memory queue still works while the page stays open.
    }
    for (const row of rows) {
      const known = this.pending.get(row.answerId);
      if (!known || known.revision < row.revision) this.pending.set(row.answerId, row);
    }
    this.changed();
    this.kick(true);
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const resolve of this.waiters) resolve(this.pending.size === 0);
    this.waiters.clear();
  }

  get size(): number {
    return this.pending.size;
  }

  /** Keeps a change (IndexedDB first), then sends it. */
  async enqueue(entry: PendingAnswer): Promise<void> {
    if (this.stopped) return;
    const known = this.pending.get(entry.answerId);
    if (known && known.revision >= entry.revision) return;
    this.pending.set(entry.answerId, entry);
    this.changed();
    try {
      await examDb.pendingAnswers.put(entry);
    } catch {
      // Storage refused (private mode, quota): still sent from memory.
    }
    // A fresh change is tried at once, even while older ones wait for their retry.
    this.kick(true);
  }

  /** Retries everything now (the browser is back online, or the learner submits). */
  retryNow(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.kick(true);
  }

  /** Waits until nothing is pending (true), or gives up after `timeoutMs` (false). */
  flush(timeoutMs: number): Promise<boolean> {
    if (this.pending.size === 0) return Promise.resolve(true);
    this.retryNow();
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timeout);
        this.waiters.delete(done);
        resolve(value);
      };
      const timeout = setTimeout(() => done(this.pending.size === 0), timeoutMs);
      this.waiters.add(done);
    });
  }

  private changed(): void {
    this.handlers.onPendingChange(this.pending.size);
    if (this.pending.size === 0) {
      for (const resolve of [...this.waiters]) resolve(true);
    }
  }

  private kick(ignoreBackoff = false): void {
    if (this.stopped || (this.timer && !ignoreBackoff)) return;
    for (const entry of this.pending.values()) {
      if (this.inFlight.size >= this.concurrency) break;
      if (!this.inFlight.has(entry.answerId)) void this.send(entry);
    }
  }

  private scheduleRetry(): void {
    if (this.stopped || this.timer) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length) - 1] ?? 10000;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
  }

  /** Forgets an entry if it still holds this revision or an older one. */
  private async forget(entry: PendingAnswer, revision: number): Promise<void> {
    const current = this.pending.get(entry.answerId);
    if (current && current.revision <= revision) this.pending.delete(entry.answerId);
    try {
      await settleEntry(entry.answerId, revision);
    } catch {
      // The row goes with the next confirmation.
    }
  }

  private async send(entry: PendingAnswer): Promise<void> {
    this.inFlight.add(entry.answerId);
    let retry = false;
    try {
      const stored = await this.handlers.send(entry);
      if (stored.revision >= entry.revision) {
        this.failures = 0;
        await this.forget(entry, stored.revision);
        this.handlers.onSaved(stored, entry);
      } else {
        retry = true;
      }
    } catch (error) {
      if (retryable(error)) {
        retry = true;
      } else {
        await this.forget(entry, entry.revision);
        const message = errorMessage(error);
        if (isApiError(error) && error.status === 409) this.handlers.onConflict(entry, message);
        else this.handlers.onRejected(entry, message);
      }
    } finally {
      this.inFlight.delete(entry.answerId);
    }
    if (this.stopped) return;
    if (retry) {
      this.failures += 1;
      this.scheduleRetry();
    }
    this.changed();
    // A newer value of this answer (or others waiting for a free slot) goes next.
    this.kick();
  }
}
