import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Runs in a worker thread (src/platform/db/sqlite-checkpoint.ts): copies the WAL's committed pages back
 * into the SQLite database file every `intervalMs`, on its own connection, so the server's thread
 * never does it inside a COMMIT. PASSIVE never waits for and never blocks the server's readers
 * or writer; SQLite restarts the WAL from its beginning once every frame has been copied.
 */
interface Statement {
  get(): { busy: number; log: number; checkpointed: number } | undefined;
}

interface Connection {
  pragma(source: string): unknown;
  prepare(source: string): Statement;
  close(): void;
}

type DatabaseConstructor = new (filename: string, options?: { timeout?: number }) => Connection;

const { filename, intervalMs } = workerData as { filename: string; intervalMs: number };
const Database = createRequire(__filename)('better-sqlite3') as DatabaseConstructor;
const db = new Database(filename, { timeout: 5000 });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

let failures = 0;
const timer = setInterval(() => {
  try {
    checkpoint.get();
    failures = 0;
  } catch (error) {
    failures += 1;
    // A locked database now and then is normal (e.g. a schema change); a stream of them is not.
    if (failures === 10) {
      parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  }
}, intervalMs);

parentPort?.on('message', (message: unknown) => {
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort?.close();
  }
});
