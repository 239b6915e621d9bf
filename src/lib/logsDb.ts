// The browser database of diagnostic logs (Dexie on IndexedDB): two stores, `network` and
// `console`, each bounded to the newest MAX_LOG_ROWS rows (older rows are trimmed on insert).
// Loaded on demand by ./diagnosticLogs, never by the first download.
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { ConsoleLogEntry, DiagnosticLogs, NetworkLogEntry } from './diagnosticLogs';

export const LOGS_DB_NAME = 'portal-logs';
export const MAX_LOG_ROWS = 500;

export interface NetworkLogRow extends NetworkLogEntry {
  id: number;
}
export interface ConsoleLogRow extends ConsoleLogEntry {
  id: number;
}

export const logsDb = new Dexie(LOGS_DB_NAME) as Dexie & {
  network: EntityTable<NetworkLogRow, 'id'>;
  console: EntityTable<ConsoleLogRow, 'id'>;
};

logsDb.version(1).stores({
  network: '++id',
  console: '++id',
});

/** Deletes the oldest rows (lowest ids) above the limit. */
async function trim<T>(table: Table<T, number>): Promise<void> {
  const excess = (await table.count()) - MAX_LOG_ROWS;
  if (excess > 0) await table.limit(excess).delete();
}

export async function appendLogs(batch: DiagnosticLogs): Promise<void> {
  await logsDb.transaction('rw', logsDb.network, logsDb.console, async () => {
    if (batch.network.length > 0) {
      await logsDb.network.bulkAdd(batch.network);
      await trim(logsDb.network);
    }
    if (batch.console.length > 0) {
      await logsDb.console.bulkAdd(batch.console);
      await trim(logsDb.console);
    }
  });
}

function withoutId<T extends { id: number }>(row: T): Omit<T, 'id'> {
  const copy: Partial<T> = { ...row };
  delete copy.id;
  return copy as Omit<T, 'id'>;
}

export async function readLogs(): Promise<DiagnosticLogs> {
  const [network, console] = await Promise.all([
    logsDb.network.toArray(),
    logsDb.console.toArray(),
  ]);
  return { network: network.map(withoutId), console: console.map(withoutId) };
}

export async function clearLogs(): Promise<void> {
  await logsDb.transaction('rw', logsDb.network, logsDb.console, async () => {
    await Promise.all([logsDb.network.clear(), logsDb.console.clear()]);
  });
}
