/**
 * The main thread's side of the import worker: the server's one pool of import workers (sized by
 * the environment, shared by the question and people imports), the jobs it runs, and their
 * failures as the client's errors. The database stays here, in the main thread: the caller looks
 * up what the rows need before the job and writes the accepted rows after it.
 */
import { join } from 'node:path';
import { errors } from '@strapi/utils';
import type { PeopleTemplate } from '../people-rows';
import type { SubjectRef } from '../question-rows';
import type { ImportJob, PeopleRows, QuestionRows } from './jobs';
import type { FileKind } from '../formats/read-format';
import {
  BusyError,
  createPool,
  MemoryError,
  TimeoutError,
  type Pool,
} from '../../../platform/sheets/worker-pool';

export const WORKER_MESSAGES = {
  busy: 'Imports are busy; try again in a minute.',
  tooSlow: 'The file took too long to read; split it into smaller files.',
  tooBig: 'The file needs too much memory to read; split it into smaller files.',
} as const;

const positive = (name: string, fallback: number, min = 1): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= min ? value : fallback;
};

/** The pool's limits from the environment (see .env.example). */
export const poolOptionsFromEnv = () => ({
  entry: join(__dirname, 'entry.js'),
  workers: positive('IMPORT_WORKERS', 1),
  queue: positive('IMPORT_QUEUE', 4, 0),
  timeoutMs: positive('IMPORT_TIMEOUT_MS', 60_000),
  memoryMb: positive('IMPORT_MEMORY_MB', 1024, 16),
});

let shared: Pool | null = null;
const pool = (): Pool => (shared ??= createPool(poolOptionsFromEnv()));

/** Runs a job on a pool (the server's by default); every failure is the client's error or a 500. */
export const runImport = async <T>(job: ImportJob, on: Pool = pool()): Promise<T> => {
  // The file's bytes move to the worker when the buffer owns its memory (fs.readFile's does).
  const whole = job.bytes.byteOffset === 0 && job.bytes.byteLength === job.bytes.buffer.byteLength;
  const transfer = whole && job.bytes.buffer instanceof ArrayBuffer ? [job.bytes.buffer] : [];
  let reply;
  try {
    reply = await on.run<T>(job, transfer);
  } catch (error) {
    if (error instanceof BusyError) throw new errors.RateLimitError(WORKER_MESSAGES.busy);
    if (error instanceof TimeoutError) throw new errors.ValidationError(WORKER_MESSAGES.tooSlow);
    if (error instanceof MemoryError) throw new errors.ValidationError(WORKER_MESSAGES.tooBig);
    throw error;
  }
  if (!reply.ok) throw new errors.ValidationError(reply.message, reply.details);
  return reply.value;
};

/** The question table of a file, its rows checked (the subjects are looked up by name or code). */
export const readQuestionRows = (
  bytes: Buffer,
  subjects: SubjectRef[],
  kind: FileKind | null = 'table',
): Promise<QuestionRows> => runImport<QuestionRows>({ task: 'questions', bytes, subjects, kind });

/** The rows of a people template's sheet. */
export const readPeopleRows = (bytes: Buffer, template: PeopleTemplate): Promise<PeopleRows> =>
  runImport<PeopleRows>({ task: 'people', bytes, template });
