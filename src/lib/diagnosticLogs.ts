// Diagnostic logs kept in the browser: what the network and the console did, for a person to
// send to the administrators ("Send diagnostics"). This module is small and has no Dexie in it,
// so it can sit in the first download; the Dexie database (./logsDb) loads on first write.
// Writes, reads and clears run one after another, so a clear never loses a race with a write.

export interface NetworkLogEntry {
  method: string;
  /** The request URL with secret query values redacted; never bodies, never headers. */
  url: string;
  status: number | null;
  durationMs: number;
  timestamp: string;
}

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error';

export interface ConsoleLogEntry {
  level: ConsoleLevel;
  message: string;
  timestamp: string;
}

export interface DiagnosticLogs {
  network: NetworkLogEntry[];
  console: ConsoleLogEntry[];
}

/** Query parameters whose values never reach the logs. */
const SECRET_PARAM = /token|code|pass|secret|jwt|key|auth|sig|session|cookie|credential/i;
export const REDACTED = '[redacted]';

/** The URL without its fragment, and with the values of secret-looking query parameters hidden. */
export function redactUrl(url: string): string {
  const withoutHash = url.split('#')[0] ?? '';
  const queryStart = withoutHash.indexOf('?');
  if (queryStart === -1) return withoutHash;
  const path = withoutHash.slice(0, queryStart);
  const query = withoutHash
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // Keep the raw name.
      }
      return SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return query ? `${path}?${query}` : path;
}

let pending: DiagnosticLogs = { network: [], console: [] };
/** Counts the clears: a request that began before a clear belongs to the session it cleared. */
let generation = 0;
let queue: Promise<unknown> = Promise.resolve();
let flushScheduled = false;

function loadDb() {
  return import('./logsDb');
}

/** Runs a step after every step before it; a failed step never breaks the ones after it. */
function enqueue<T>(step: () => Promise<T>): Promise<T> {
  const run = queue.then(step);
  queue = run.catch(() => undefined);
  return run;
}

function scheduleFlush(): void {
  if (flushScheduled) return;
  flushScheduled = true;
  void enqueue(async () => {
    flushScheduled = false;
    const batch = pending;
    pending = { network: [], console: [] };
    if (batch.network.length === 0 && batch.console.length === 0) return;
    const db = await loadDb();
    await db.appendLogs(batch);
  }).catch(() => {
    // IndexedDB unavailable (private mode, quota): diagnostics are best effort.
  });
}

/** The current log generation; pass it back to recordNetworkLog when the request ends. */
export function logGeneration(): number {
  return generation;
}

/**
 * Keeps a finished request. `startedIn` is the generation when it left: a request still running
 * at sign-out ends after the clear and must not leave the signed-out user's trail behind.
 */
export function recordNetworkLog(entry: NetworkLogEntry, startedIn = generation): void {
  if (startedIn !== generation) return;
  pending.network.push({ ...entry, url: redactUrl(entry.url) });
  scheduleFlush();
}

export function recordConsoleLog(entry: ConsoleLogEntry): void {
  pending.console.push(entry);
  scheduleFlush();
}

/** Resolves once everything recorded so far is written. */
export function logsWritten(): Promise<void> {
  return enqueue(async () => undefined);
}

/** Everything kept, oldest first (waits for pending writes). */
export function readDiagnosticLogs(): Promise<DiagnosticLogs> {
  return enqueue(async () => (await loadDb()).readLogs());
}

/** Forgets every kept log, including any not written yet (sign-out, a successful upload). */
export function clearDiagnosticLogs(): Promise<void> {
  generation += 1;
  pending = { network: [], console: [] };
  return enqueue(async () => (await loadDb()).clearLogs());
}
