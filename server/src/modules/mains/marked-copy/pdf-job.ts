// The jobs of the PDF worker thread (pdf-entry.ts) and the pools that run them (issue 27): the
// marked copy's flattening and the joining of a learner's photos, each on its own pool of the
// platform's worker pool (platform/sheets/worker-pool.ts), so a queue of flattenings at the end of
// a marking day never holds up learners' uploads, nor the other way round. The bytes of the
// inputs move to the worker (not copied), the PDF's back.
import path from 'node:path';
import { createPool, type Pool, type WorkerReply } from '../../../platform/sheets/worker-pool';
import type { FlattenDocument } from './flatten';
import type { Photo } from './photo-pages';
import { loadSharp } from './webp';

export type PdfJob =
  { kind: 'flatten'; documents: FlattenDocument[] } | { kind: 'photos'; photos: Photo[] };

const QUEUE: Record<PdfJob['kind'], number> = { flatten: 16, photos: 32 };

const pools = new Map<PdfJob['kind'], Pool>();
const poolOf = (kind: PdfJob['kind']): Pool => {
  let pool = pools.get(kind);
  if (!pool) {
    // sharp (WebP photos) is loaded by this thread before any worker loads it (webp.ts).
    loadSharp();
    pool = createPool({
      entry: path.join(__dirname, 'pdf-entry.js'),
      workers: 1,
      queue: QUEUE[kind],
      timeoutMs: 60_000,
      memoryMb: 768,
    });
    pools.set(kind, pool);
  }
  return pool;
};

/** The buffers that own their memory wholly (readFile's do): those can be moved, not copied. */
const movable = (list: Uint8Array[]): ArrayBuffer[] => [
  ...new Set(
    list.flatMap((bytes) =>
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength &&
      bytes.buffer instanceof ArrayBuffer
        ? [bytes.buffer]
        : [],
    ),
  ),
];

/** Runs one job on its pool; the inputs' buffers are moved to the worker. */
export const runPdfJob = (job: PdfJob): Promise<WorkerReply<Uint8Array>> => {
  const inputs = job.kind === 'photos' ? job.photos : job.documents;
  return poolOf(job.kind).run<Uint8Array>(job, movable(inputs.map((i) => i.bytes)));
};
