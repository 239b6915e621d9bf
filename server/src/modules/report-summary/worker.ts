// The summary's worker (issue 22): in the background of each server process, backfills tests
// never summarised and folds what the writes queued, a batch at a time (fold.ts). Every
// SUMMARY_WORKER_MS (default 10 s; 0: off) and shortly after a write queued something.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { knexOf } from '../../platform/db/sql';
import { backfillMissing, drainPending } from './fold';

const KICK_MS = 1000;
let running = false;
let interval: NodeJS.Timeout | undefined;
let kick: NodeJS.Timeout | undefined;
let app: Core.Strapi | undefined;

/** A kick that came while a fold ran: one more run after it (what it queued is not lost). */
let kickedWhileRunning = false;

const run = async (): Promise<void> => {
  if (!app) return;
  if (running) {
    kickedWhileRunning = true;
    return;
  }
  running = true;
  try {
    const knex = knexOf(app) as Knex;
    await backfillMissing(knex);
    await drainPending(knex);
  } catch (error) {
    app.log.warn(`The reports' summary could not be folded: ${String(error)}`);
  } finally {
    running = false;
    if (kickedWhileRunning && app) {
      kickedWhileRunning = false;
      kickSummaryWorker(app);
    }
  }
};

export const startSummaryWorker = (strapi: Core.Strapi): void => {
  app = strapi;
  const ms = Number(process.env.SUMMARY_WORKER_MS ?? 10_000);
  if (!Number.isFinite(ms) || ms <= 0) return;
  interval = setInterval(() => void run(), ms);
  interval.unref();
  kickSummaryWorker(strapi);
};

/** A fold soon (a write queued learners): at most one waiting, the worker's own pace after. */
export const kickSummaryWorker = (strapi: Core.Strapi): void => {
  if (kick || !interval) return;
  app = strapi;
  kick = setTimeout(() => {
    kick = undefined;
    void run();
  }, KICK_MS);
  kick.unref();
};

export const stopSummaryWorker = (): void => {
  if (interval) clearInterval(interval);
  if (kick) clearTimeout(kick);
  interval = undefined;
  kick = undefined;
};
