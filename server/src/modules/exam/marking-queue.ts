/**
 * The submit's marking queue (issue 25: the submit split, docs/decisions.md). A submit closes the
 * attempt at once (close.ts `freezeAttempt`) and asks for its marking here; it waits a short while
 * (EXAM_SUBMIT_WAIT_MS) and answers with the result when the marking was done by then, else with
 * "marking" and when to ask again. At an exam's end thousands submit within seconds: the closes
 * are as cheap as saves, and the markings run one after another through the exam write gate (the
 * starts' and submits' queue, so saves pass between them) instead of all at once.
 *
 * In this process's memory only, by design: a marking lost with the process is found again by
 * the expiry sweep (close.ts `markUnmarkedAttempts`) or by the learner's next submit, and
 * mark-attempt.ts writes one result per attempt whoever marks.
 */
import type { Core } from '@strapi/strapi';
import { examWriteGate } from '../../platform/http/write-gate';
import { markAttempt } from './mark-attempt';

/** The markings asked for and not yet done, by attempt id (a second ask joins the first). */
const pending = new Map<number, Promise<string | null>>();

/** The recent time of one marking (ms, exponentially weighted), for `markingRetryAfterMs`. */
let markingMs = 20;

/** Marks the closed attempt through the write gate: its result documentId, or null on failure. */
export const queueMarking = (strapi: Core.Strapi, attemptId: number): Promise<string | null> => {
  const known = pending.get(attemptId);
  if (known) {
    return known;
  }
  const marking = examWriteGate
    .run(async () => {
      const started = performance.now();
      try {
        return await markAttempt(strapi, attemptId);
      } finally {
        markingMs = markingMs * 0.9 + (performance.now() - started) * 0.1;
      }
    })
    .catch((error: unknown) => {
      // The attempt stays closed without a result: the sweep or the next submit marks it again.
      strapi.log.error(`Marking attempt ${attemptId} failed: ${String(error)}`);
      return null;
    })
    .finally(() => pending.delete(attemptId));
  pending.set(attemptId, marking);
  return marking;
};

/** The marking's outcome when it comes within `ms` (0: no wait), else undefined (still marking). */
export const resultWithin = (
  marking: Promise<string | null>,
  ms: number,
): Promise<string | null | undefined> =>
  new Promise((resolve) => {
    if (ms <= 0) {
      resolve(undefined);
      return;
    }
    const timer = setTimeout(() => resolve(undefined), ms);
    void marking.then((resultId) => {
      clearTimeout(timer);
      resolve(resultId);
    });
  });

/** When a learner whose marking waits should ask again: the queue's length at the recent pace. */
export const markingRetryAfterMs = (): number =>
  Math.min(15_000, Math.max(1_000, Math.round((examWriteGate.queued + 1) * markingMs)));

const configuredWait = Number.parseInt(process.env.EXAM_SUBMIT_WAIT_MS ?? '', 10);

/** How long a submit waits for its marking before it answers "marking" (ms; default 500). */
export const submitWaitMs =
  Number.isInteger(configuredWait) && configuredWait >= 0 ? configuredWait : 500;

/**
 * At shutdown: waits up to `ms` for the markings asked for; answers how many are left (those are
 * marked by another process's sweep a minute later, or by the learner's next submit).
 */
export const settleMarkings = async (ms: number): Promise<number> => {
  if (pending.size > 0 && ms > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...pending.values()]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }
  return pending.size;
};
