/**
 * The marked-copy worker thread (started by the pool of marked-copy.ts from the compiled dist/,
 * next to this file): flattens one script's annotations onto its documents and answers with the
 * PDF's bytes, or with a refusal when a document cannot be read (a damaged PDF or photo).
 */
import { parentPort } from 'node:worker_threads';
import { flattenCopy, type FlattenDocument } from './flatten';

parentPort?.once('message', (job: { documents: FlattenDocument[] }) => {
  flattenCopy(job.documents)
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
        message: 'A document of this script could not be read to make the marked copy.',
        details: { reason: error instanceof Error ? error.message : String(error) },
      }),
    );
});
