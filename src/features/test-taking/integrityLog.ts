// The integrity log's queue on the learner's side (issue 23). What the player notices (a tab
// switch, a fullscreen exit, copy/paste, an offline period) waits here, in memory and in the exam
// outbox's IndexedDB (examDb.pendingEvents, so a reload or a sign-out loses nothing), until the
// next answer save or the submit takes it: no request of its own. A save takes at most
// MAX_EVENTS_PER_SAVE; they leave the queue when the server answered, and go back when it did not.
import { examDb, type PendingEvent } from './examDb';

export type IntegrityKind =
  'tab-hidden' | 'window-blur' | 'fullscreen-exit' | 'copy' | 'cut' | 'paste' | 'offline';

/** What the server reads from one body (server/src/modules/exam/integrity.ts). */
export const MAX_EVENTS_PER_SAVE = 20;
/** Events kept per attempt on this device; older ones give way (the server stores 500). */
const MAX_QUEUED = 500;

export interface SentEvent {
  kind: string;
  at: string;
  detail: string;
}

/** A batch taken for one request: `done` once the server answered 2xx, `release` otherwise. */
export interface TakenEvents {
  events: SentEvent[];
  done: () => void;
  release: () => void;
}

const queues = new Map<string, PendingEvent[]>();
const taken = new Set<PendingEvent>();
const loaded = new Set<string>();

const queueOf = (attemptId: string): PendingEvent[] => {
  let queue = queues.get(attemptId);
  if (!queue) {
    queue = [];
    queues.set(attemptId, queue);
  }
  return queue;
};

/** Picks up what an earlier page left for this attempt (once per attempt and page). */
export async function loadEvents(attemptId: string): Promise<void> {
  if (loaded.has(attemptId)) return;
  loaded.add(attemptId);
  try {
    const rows = await examDb.pendingEvents.where('attemptId').equals(attemptId).toArray();
    const queue = queueOf(attemptId);
    const known = new Set(queue.map((e) => e.id));
    for (const row of rows) if (!known.has(row.id)) queue.push(row);
  } catch {
    // No IndexedDB: the in-memory queue still works while the page stays open.
  }
}

export function recordEvent(attemptId: string, kind: IntegrityKind, detail = ''): void {
  const event: PendingEvent = { attemptId, kind, at: new Date().toISOString(), detail };
  const queue = queueOf(attemptId);
  queue.push(event);
  if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
  examDb.pendingEvents.add(event).then(
    (id) => {
      event.id = id;
      // Already sent before IndexedDB answered: not to be sent again after a reload.
      if (!queueOf(attemptId).includes(event)) void examDb.pendingEvents.delete(id);
    },
    () => undefined,
  );
}

/** Takes up to MAX_EVENTS_PER_SAVE waiting events of the attempt for one request. */
export function takeEvents(attemptId: string): TakenEvents {
  const batch = queueOf(attemptId)
    .filter((e) => !taken.has(e))
    .slice(0, MAX_EVENTS_PER_SAVE);
  for (const e of batch) taken.add(e);
  return {
    events: batch.map(({ kind, at, detail }) => ({ kind, at, detail })),
    done: () => {
      const queue = queueOf(attemptId);
      for (const e of batch) {
        taken.delete(e);
        const index = queue.indexOf(e);
        if (index >= 0) queue.splice(index, 1);
      }
      const ids = batch.map((e) => e.id).filter((id): id is number => id !== undefined);
      if (ids.length > 0) void examDb.pendingEvents.bulkDelete(ids).catch(() => undefined);
    },
    release: () => {
      for (const e of batch) taken.delete(e);
    },
  };
}

/** How many events wait for this attempt (tests and the player's flush). */
export function waitingEvents(attemptId: string): number {
  return queueOf(attemptId).length;
}

/** Forgets the queue of an attempt that is over. */
export function clearEvents(attemptId: string): void {
  queues.delete(attemptId);
  void examDb.pendingEvents
    .where('attemptId')
    .equals(attemptId)
    .delete()
    .catch(() => undefined);
}
