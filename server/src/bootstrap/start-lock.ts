import type { Core } from '@strapi/strapi';

/** A PostgreSQL connection as pg hands it out (only what the lock needs). */
interface PgConnection {
  query(sql: string, values?: readonly unknown[]): Promise<unknown>;
}

/** knex's client: its pool lends a connection that stays ours until we give it back. */
interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/** The advisory lock's key ('port' in ASCII): one per database, shared by every process. */
export const START_LOCK_KEY = 0x706f7274;

let held: { pool: PoolClient; connection: PgConnection } | null = null;

/** How often a process whose start waits asks for the lock again. */
const RETRY_MS = 200;

/**
 * Takes the start lock on `connection`, waiting as long as another process's start holds it.
 * `pg_try_advisory_lock` never blocks, so each ask ends at once: a blocking `pg_advisory_lock`
 * waited under the pool's statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS, 60 s), and a process
 * started while another's first boot took longer (a slow host, a long migration) died with
 * "canceling statement due to statement timeout" instead of waiting its turn.
 */
const waitForLock = async (connection: PgConnection): Promise<void> => {
  for (;;) {
    const result = (await connection.query('SELECT pg_try_advisory_lock($1) AS taken', [
      START_LOCK_KEY,
    ])) as { rows: Array<{ taken: boolean }> };
    if (result.rows[0]?.taken) return;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
};

/**
 * Two processes started together on an empty PostgreSQL database both create the tables, and the
 * second dies on a duplicate key (issue 18, point 16). Every start therefore takes a session-level
 * advisory lock on its database before Strapi's schema sync (called from `register`, which runs
 * before the sync) and keeps it through the whole bootstrap (roles, permissions, seed), so the
 * processes load one after the other. The lock lives on a connection of its own: if the process
 * dies, PostgreSQL drops the connection and the lock with it. SQLite (one process) takes none.
 */
export const takeStartLock = async (strapi: Core.Strapi): Promise<void> => {
  if (held || strapi.config.get('database.connection.client') !== 'postgres') {
    return;
  }
  const pool = strapi.db.connection.client as unknown as PoolClient;
  const connection = (await pool.acquireConnection()) as PgConnection;
  const started = Date.now();
  try {
    await waitForLock(connection);
  } catch (error) {
    await pool.releaseConnection(connection);
    throw error;
  }
  held = { pool, connection };
  const waited = Date.now() - started;
  if (waited > 1000) {
    strapi.log.info(`Waited ${(waited / 1000).toFixed(1)} s for another process's start.`);
  }
};

/** Ends the start's lock (end of `bootstrap`): the next process may load. */
export const releaseStartLock = async (): Promise<void> => {
  if (!held) {
    return;
  }
  const { pool, connection } = held;
  held = null;
  try {
    await connection.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]);
  } finally {
    await pool.releaseConnection(connection);
  }
};
