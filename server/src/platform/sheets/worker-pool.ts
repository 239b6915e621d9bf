/**
 * A small pool of worker threads for CPU-heavy jobs (reading an uploaded spreadsheet or Word
 * document): the job runs in its own worker thread, so the server's event loop keeps answering
 * examinees' saves while a large file is unzipped and parsed (issue 18, point 13).
 *
 * Each job gets a fresh worker that exits when it is done: a job's memory is returned to the
 * system with its worker, and a job that is cut off (too slow, too much memory) cannot leave a
 * half-finished state for the next one. Starting a worker costs far less than the parsing it
 * takes off the event loop.
 *
 * Limits: at most `workers` jobs run at once, at most `queue` wait behind them (more are refused
 * at once: BusyError), a running job is terminated after `timeoutMs` (TimeoutError), and a worker's
 * heap is capped at `memoryMb` through `resourceLimits` (MemoryError).
 */
import { Worker } from 'node:worker_threads';

export interface PoolOptions {
  /** The compiled worker script (a .js file), which answers one message with one message. */
  entry: string;
  workers: number;
  queue: number;
  timeoutMs: number;
  memoryMb: number;
}

/** Every worker is busy and the queue is full. */
export class BusyError extends Error {}
/** The job ran past the time limit; its worker was terminated. */
export class TimeoutError extends Error {}
/** The job ran out of its worker's heap; the worker was stopped by V8. */
export class MemoryError extends Error {}

/** What a worker script posts back: a value, or a refusal the caller turns into a client error. */
export type WorkerReply<T> =
  { ok: true; value: T } | { ok: false; message: string; details?: Record<string, unknown> };

export interface Pool {
  /** Runs one job; `transfer` lists buffers moved (not copied) into the worker. */
  run<T>(job: unknown, transfer?: ArrayBuffer[]): Promise<WorkerReply<T>>;
  /** Jobs running and waiting now. */
  load(): { running: number; waiting: number };
}

interface Waiting {
  job: unknown;
  transfer: ArrayBuffer[];
  resolve: (reply: WorkerReply<unknown>) => void;
  reject: (error: Error) => void;
}

export const createPool = (options: PoolOptions): Pool => {
  let running = 0;
  const waiting: Waiting[] = [];

  const next = (): void => {
    while (running < options.workers && waiting.length > 0) {
      start(waiting.shift() as Waiting);
    }
  };

  const start = ({ job, transfer, resolve, reject }: Waiting): void => {
    running += 1;
    let settled = false;
    const worker = new Worker(options.entry, {
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
      // The worker needs no stdin, and its output is the parent's log anyway.
      stdin: false,
    });
    let freed = false;
    const free = (): void => {
      if (freed) return;
      freed = true;
      running -= 1;
      next();
    };
    // A worker that answered has finished its work: its slot is free at once (the next import
    // need not wait for the thread's shutdown). A worker cut off is still working: its slot is
    // free only once the thread is gone, so no more than `workers` jobs ever run.
    const finish = (outcome: () => void, answered = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      if (answered) free();
      void worker.terminate().finally(free);
    };
    const timer = setTimeout(() => {
      finish(() => reject(new TimeoutError(`worker job ran past ${options.timeoutMs} ms`)));
    }, options.timeoutMs);
    worker.once('message', (reply: WorkerReply<unknown>) => finish(() => resolve(reply), true));
    worker.once('error', (error: Error & { code?: string }) => {
      finish(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new MemoryError(error.message) : error),
      );
    });
    worker.once('exit', (code) => {
      finish(() => reject(new Error(`worker exited with code ${code} before answering`)));
    });
    worker.postMessage(job, transfer);
  };

  return {
    run<T>(job: unknown, transfer: ArrayBuffer[] = []): Promise<WorkerReply<T>> {
      if (running >= options.workers && waiting.length >= options.queue) {
        return Promise.reject(new BusyError('every worker is busy and the queue is full'));
      }
      return new Promise<WorkerReply<T>>((resolve, reject) => {
        waiting.push({
          job,
          transfer,
          resolve: resolve as (reply: WorkerReply<unknown>) => void,
          reject,
        });
        next();
      });
    },
    load: () => ({ running, waiting: waiting.length }),
  };
};
