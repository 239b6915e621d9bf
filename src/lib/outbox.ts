// The one outbox machinery (the exam's no-loss rule, design rule 4), shared by the exam's answers
// (features/test-taking/answerOutbox.ts) and the Mains annotations (features/reports/annotate):
// - a change is written to the browser's store (IndexedDB) first, then sent;
// - changes of different keys go in parallel, a few at a time; for one key only the latest value
//   matters (a newer change waits for the one in flight, then goes);
// - a network error, 5xx, 408 or 429 keeps the entry and retries it after 1 s, 2 s, 5 s, then
//   every 10 s, and at once when the browser comes back online;
// - 409 and other 4xx drop the entry and tell the owner, which decides what follows.
import { errorMessage, isApiError } from './strapi';

export const RETRY_DELAYS_MS = [1000, 2000, 5000, 10000] as const;
export const SAVE_CONCURRENCY = 4;

/** An entry: its key (only the latest entry of a key matters) and its local revision. */
export interface OutboxEntry {
  revision: number;
}

/** Where entries wait across reloads (IndexedDB); every call may fail (private mode, quota). */
export interface OutboxStore<E extends OutboxEntry> {
  load: () => Promise<E[]>;
  put: (entry: E) => Promise<void>;
  /** Deletes the key's entry if it holds this revision or an older one (a newer one stays). */
  settle: (entry: E, revision: number) => Promise<void>;
}

export interface OutboxHandlers<E extends OutboxEntry, R> {
  send: (entry: E) => Promise<R>;
  onSaved: (result: R, entry: E) => void;
  /** 409: the server refused the change as it stands (the entry was dropped). */
  onConflict: (entry: E, message: string, error: unknown) => void;
  /** Another 4xx: the entry was dropped. */
  onRejected: (entry: E, message: string) => void;
  /** How many entries wait for the server's confirmation. */
  onPendingChange: (count: number) => void;
  /** The server is unreachable (a retry is scheduled): true until a send succeeds again. */
  onOffline?: (offline: boolean) => void;
}

export interface OutboxOptions<E extends OutboxEntry, R> {
  keyOf: (entry: E) => string;
  /** The revision the server's answer confirms (the entry's own when the server echoes none). */
  confirmed: (result: R, entry: E) => number;
  store: OutboxStore<E>;
  concurrency?: number;
}

function retryable(error: unknown): boolean {
  const status = isApiError(error) ? error.status : null;
  return status === null || status >= 500 || status === 429 || status === 408;
}

export class Outbox<E extends OutboxEntry, R> {
  private readonly pending = new Map<string, E>();
  private readonly inFlight = new Set<string>();
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly waiters = new Set<(done: boolean) => void>();
  private readonly onOnline = () => this.retryNow();

  constructor(
    private readonly handlers: OutboxHandlers<E, R>,
    private readonly options: OutboxOptions<E, R>,
  ) {}

  /** Picks up what the store holds (an earlier page, or before a sign-out). */
  async start(): Promise<void> {
    window.addEventListener('online', this.onOnline);
    let rows: E[] = [];
    try {
      rows = await this.options.store.load();
    } catch {
      // No IndexedDB: the in-memory queue still works while the page stays open.
    }
    for (const row of rows) {
      const known = this.pending.get(this.options.keyOf(row));
      if (!known || known.revision < row.revision) this.pending.set(this.options.keyOf(row), row);
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

  /** The entry waiting for a key, if any. */
  peek(key: string): E | undefined {
    return this.pending.get(key);
  }

  /** Keeps a change (the store first), then sends it. */
  async enqueue(entry: E): Promise<void> {
    if (this.stopped) return;
    const key = this.options.keyOf(entry);
    const known = this.pending.get(key);
    if (known && known.revision >= entry.revision) return;
    this.pending.set(key, entry);
    this.changed();
    try {
      await this.options.store.put(entry);
    } catch {
      // Storage refused (private mode, quota): still sent from memory.
    }
    // A fresh change is tried at once, even while older ones wait for their retry.
    this.kick(true);
  }

  /** Retries everything now (the browser is back online, or the owner needs it sent). */
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
    for (const [key, entry] of this.pending) {
      if (this.inFlight.size >= (this.options.concurrency ?? SAVE_CONCURRENCY)) break;
      if (!this.inFlight.has(key)) void this.send(key, entry);
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
  private async forget(key: string, entry: E, revision: number): Promise<void> {
    const current = this.pending.get(key);
    if (current && current.revision <= revision) this.pending.delete(key);
    try {
      await this.options.store.settle(entry, revision);
    } catch {
      // The row goes with the next confirmation.
    }
  }

  private async send(key: string, entry: E): Promise<void> {
    this.inFlight.add(key);
    let retry = false;
    try {
      const result = await this.handlers.send(entry);
      const revision = this.options.confirmed(result, entry);
      if (revision >= entry.revision) {
        if (this.failures > 0) this.handlers.onOffline?.(false);
        this.failures = 0;
        await this.forget(key, entry, revision);
        this.handlers.onSaved(result, entry);
      } else {
        retry = true;
      }
    } catch (error) {
      if (retryable(error)) {
        retry = true;
      } else {
        await this.forget(key, entry, entry.revision);
        const message = errorMessage(error);
        if (isApiError(error) && error.status === 409) {
          this.handlers.onConflict(entry, message, error);
        } else this.handlers.onRejected(entry, message);
      }
    } finally {
      this.inFlight.delete(key);
    }
    if (this.stopped) return;
    if (retry) {
      this.failures += 1;
      this.handlers.onOffline?.(true);
      this.scheduleRetry();
    }
    this.changed();
    // A newer value of this key (or others waiting for a free slot) goes next.
    this.kick();
  }
}
