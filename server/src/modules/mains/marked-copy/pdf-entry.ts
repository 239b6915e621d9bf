/**
 * The PDF worker thread (started by the pools of pdf-worker.ts from the compiled dist/, next to
 * this file): flattens one script's annotations onto its documents (the marked copy), or joins a
 * learner's photos into one PDF, and answers with the PDF's bytes, or with a refusal when a
 * document or photo cannot be read (a damaged PDF or image).
 */
import { parentPort } from 'node:worker_threads';
import { flattenCopy } from './flatten';
import { joinPhotos } from './photo-pages';
import type { PdfJob } from './pdf-job';

const REFUSALS: Record<PdfJob['kind'], string> = {
  flatten: 'A document of this script could not be read to make the marked copy.',
  photos: 'A photo could not be read as a JPEG, PNG or WebP image.',
};

parentPort?.once('message', (job: PdfJob) => {
  const work = job.kind === 'photos' ? joinPhotos(job.photos) : flattenCopy(job.documents);
  work
    .then((bytes) => {
      // The PDF's bytes move to the main thread (not copied): a large copy would stall it.
      const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      parentPort?.postMessage(
        { ok: true, value: bytes },
        owned && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [],
      );
    })
    .catch((error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        message: REFUSALS[job.kind === 'photos' ? 'photos' : 'flatten'],
        details: { reason: error instanceof Error ? error.message : String(error) },
      }),
    );
});
