import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Core } from '@strapi/strapi';

/**
 * On SQLite, WAL checkpoints run in a worker thread every DATABASE_CHECKPOINT_MS (default 200;
 * 0: SQLite's own automatic checkpoint, inside a COMMIT on the server's thread). config/database.ts
 * turns the automatic checkpoint off when this runs. An exam start writes ~200 pages to the WAL,
 * so an exam's opening minute fills it quickly; each automatic checkpoint then copied ~80 MB
 * inside some learner's COMMIT, holding the event loop (and every save behind it) 100–300 ms
 * (bench/exam-load `--query-stats`: COMMIT max 165 ms). If the worker stops, the server's
 * connection checkpoints automatically again.
 */
export const checkpointIntervalMs = (value: string | undefined): number => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : 200;
};

export const AUTOCHECKPOINT_PAGES = 20000;

let worker: Worker | null = null;

export const startCheckpointWorker = (strapi: Core.Strapi): void => {
  const intervalMs = checkpointIntervalMs(process.env.DATABASE_CHECKPOINT_MS);
  const connection = strapi.config.get('database.connection') as
    { client?: string; connection?: { filename?: string } } | undefined;
  const filename = connection?.connection?.filename;
  if (intervalMs === 0 || connection?.client !== 'sqlite' || !filename || worker) {
    return;
  }
  const started = new Worker(path.join(__dirname, 'sqlite-checkpoint-worker.js'), {
    workerData: { filename, intervalMs },
  });
  started.unref();
  const fallBack = (why: string): void => {
    strapi.log.error(`SQLite checkpoints moved back to the server's thread: ${why}`);
    void strapi.db.connection
      .raw(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`)
      .catch(() => undefined);
  };
  started.on('message', (message: { error?: string }) => {
    if (message?.error) {
      fallBack(message.error);
    }
  });
  started.on('error', (error) => fallBack(error.message));
  started.on('exit', (code) => {
    if (worker === started) {
      worker = null;
      fallBack(`the checkpoint worker exited (${code})`);
    }
  });
  worker = started;
};

export const stopCheckpointWorker = async (): Promise<void> => {
  const running = worker;
  worker = null;
  if (running) {
    running.postMessage('stop');
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      setTimeout(resolve, 2000).unref();
    });
  }
};
