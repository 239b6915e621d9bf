import { randomFillSync } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';

/**
 * Plain SQL helpers of the exam hot path (knex on SQLite and PostgreSQL alike). Strapi 5 keeps a
 * manyToOne relation in a link table `<table>_<field>_lnk (<owner>_id, <target>_id)`; a oneToMany
 * link also carries `<target>_ord`. Rows written here look like rows Strapi writes (a cuid2
 * documentId like Strapi's own, published_at set as draft-and-publish is off, locale null), so the
 * generic REST/GraphQL endpoints read them as usual.
 */
export type Db = Knex | Knex.Transaction;

/** The knex instance behind Strapi's database, for the SQL the document service cannot say. */
export const knexOf = (strapi: Core.Strapi): Knex => strapi.db.connection as unknown as Knex;

/** A documentId from a request value: a non-blank string, trimmed; anything else is none. */
export const documentIdOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 24;
const pool = Buffer.alloc(ID_LENGTH * 256);
let poolOffset = pool.length;

const TIME_LENGTH = 8;

/**
 * A documentId of Strapi's shape (24 lowercase letters and digits, a letter first, as cuid2's
 * createId gives): the first 8 are the time in milliseconds in base 36 (a letter first from 1994
 * to 2059), the other 16 come from the system's CSPRNG (~82 random bits). Time first, a start's
 * 100 answers land side by side in the documentId index instead of on ~100 random pages, each of
 * which SQLite writes again to its WAL at commit (bench/exam-load `--query-stats`: COMMIT was the
 * costliest statement). cuid2 also hashed with SHA-3 on every call (~3 ms per start); random
 * bytes are read in blocks instead.
 */
export const newDocumentId = (): string => {
  if (poolOffset + ID_LENGTH > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let id = Date.now().toString(36).padStart(TIME_LENGTH, '0').slice(-TIME_LENGTH);
  for (let i = TIME_LENGTH; i < ID_LENGTH; i += 1) {
    id += ALPHABET[pool[poolOffset + i] % 36];
  }
  poolOffset += ID_LENGTH;
  return id;
};

/** A datetime column as SQLite (epoch ms) or PostgreSQL (Date) returns it. */
export const toDate = (value: unknown): Date | null => {
  if (value === null || value === undefined) {
    return null;
  }
  if (value instanceof Date) {
    return value;
  }
  if (typeof value === 'number') {
    return new Date(value);
  }
  if (typeof value === 'string') {
    return new Date(/^\d+$/.test(value) ? Number(value) : value);
  }
  return null;
};

export const iso = (value: unknown): string | null => toDate(value)?.toISOString() ?? null;

/** Decimal/bigint columns come back as text from PostgreSQL. */
export const toNumber = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** A JSON column's list, whatever the database hands back (SQLite: text, PostgreSQL: jsonb); [] otherwise. */
export const jsonListOf = (value: unknown): unknown[] => {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? (list as unknown[]) : [];
};

export const toBool = (value: unknown): boolean =>
  value === true || value === 1 || value === '1' || value === 't' || value === 'true';

export const isPostgres = (db: Db): boolean => {
  const client = (db as unknown as { client?: { config?: { client?: unknown } } }).client?.config
    ?.client;
  return client === 'postgres' || client === 'pg';
};

/**
 * Appended to a sub-SELECT of an attempt row by a write that must not cross that attempt's close
 * (an answer save, a Mains document change): on PostgreSQL the row is locked FOR SHARE, so the
 * write waits for a close in progress (closeAttempt's UPDATE holds the row) and then re-reads the
 * row, finding it closed; a close waits for the writes holding the lock, then reads what they
 * stored. SQLite has one writer: nothing to add.
 */
export const shareLock = (db: Db): string => (isPostgres(db) ? ' FOR SHARE' : '');

interface SqliteStatement {
  run(...params: unknown[]): { lastInsertRowid: number | bigint; changes: number };
  all(...params: unknown[]): unknown[];
  /** True when the statement returns rows (a SELECT, or a write with RETURNING). */
  reader: boolean;
}

interface SqliteConnection {
  prepare(source: string): SqliteStatement;
}

/**
 * The better-sqlite3 connection of a knex transaction on SQLite (null otherwise). Inside a
 * transaction knex hands out the transaction's own connection.
 */
const sqliteConnectionOf = async (db: Db): Promise<SqliteConnection | null> => {
  if (isPostgres(db) || (db as { isTransaction?: boolean }).isTransaction !== true) {
    return null;
  }
  const client = (db as unknown as { client: { acquireConnection(): Promise<unknown> } }).client;
  const conn = await client.acquireConnection();
  return typeof (conn as { prepare?: unknown }).prepare === 'function'
    ? (conn as SqliteConnection)
    : null;
};

/** A value bound as knex's better-sqlite3 client binds it. */
const sqliteValue = (value: unknown): unknown => {
  if (value instanceof Date) {
    return value.getTime();
  }
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  return value === undefined ? null : value;
};

interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(conn: unknown): Promise<void>;
}

/**
 * The rows of one hand-written statement (`?` placeholders; a write returns rows only with
 * RETURNING), on either database. On SQLite the statement runs on knex's own pooled connection
 * (inside a transaction, on the transaction's: knex's transaction client hands it out and its
 * release is a no-op), prepared once and cached by the connection (config/database.ts): knex's
 * query builder compiled the SQL text of every query anew, which cost as much as SQLite running
 * it (bench/exam-load, the exam's hot path). On PostgreSQL it is `knex.raw`, prepared once per
 * connection when repeated (prepared.ts). Table and column
 * names are the callers' own, never a request's; values are always bound.
 */
export const sqlRows = async <T = Record<string, unknown>>(
  db: Db,
  sql: string,
  bindings: readonly unknown[] = [],
): Promise<T[]> => {
  if (!isPostgres(db)) {
    const client = (db as unknown as { client: PooledClient }).client;
    const conn = await client.acquireConnection();
    try {
      if (typeof (conn as { prepare?: unknown }).prepare === 'function') {
        const statement = (conn as SqliteConnection).prepare(sql);
        const params = bindings.map(sqliteValue);
        if (statement.reader) {
          return statement.all(...params) as T[];
        }
        statement.run(...params);
        return [];
      }
    } finally {
      await client.releaseConnection(conn);
    }
  }
  const result = (await db.raw(sql, bindings as Knex.RawBinding[])) as unknown;
  if (Array.isArray(result)) {
    return result as T[];
  }
  return ((result as { rows?: T[] }).rows ?? []) as T[];
};

/** Rows per multi-row INSERT on SQLite (a start's 100 answers or links: one statement each). */
const SQLITE_ROWS_PER_INSERT = 100;

/**
 * Rows inserted by multi-row statements of up to SQLITE_ROWS_PER_INSERT rows, each prepared once
 * and cached by the connection (config/database.ts): on SQLite several times cheaper than knex's
 * `INSERT … SELECT … UNION ALL …`, whose text knex builds and SQLite compiles for every call, and
 * a quarter cheaper than one statement per row. `returning` columns come back from every row
 * (RETURNING, in no promised order). Table and column names come from this module's callers,
 * never from a request.
 */
const sqliteInsert = (
  conn: SqliteConnection,
  table: string,
  rows: Array<Record<string, unknown>>,
  returning: string[] = [],
): Array<Record<string, unknown>> => {
  if (rows.length === 0) {
    return [];
  }
  const columns = Object.keys(rows[0]);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const tail =
    returning.length > 0 ? ` RETURNING ${returning.map((c) => `"${c}"`).join(', ')}` : '';
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < rows.length; i += SQLITE_ROWS_PER_INSERT) {
    const part = rows.slice(i, i + SQLITE_ROWS_PER_INSERT);
    const statement = conn.prepare(`${head}${part.map(() => tuple).join(', ')}${tail}`);
    const params: unknown[] = [];
    for (const row of part) {
      for (const column of columns) {
        params.push(sqliteValue(row[column]));
      }
    }
    if (returning.length > 0) {
      out.push(...(statement.all(...params) as Array<Record<string, unknown>>));
    } else {
      statement.run(...params);
    }
  }
  return out;
};

/** Inserts rows and returns their ids, in chunks (SQLite 3.35+ and PostgreSQL: RETURNING). */
export const insertReturningIds = async (
  db: Db,
  table: string,
  rows: Array<Record<string, unknown>>,
  chunk = 200,
): Promise<Array<{ id: number; document_id: string }>> => {
  const sqlite = await sqliteConnectionOf(db);
  if (sqlite) {
    return sqliteInsert(sqlite, table, rows, ['id', 'document_id']).map((row) => ({
      id: Number(row.id),
      document_id: String(row.document_id),
    }));
  }
  const out: Array<{ id: number; document_id: string }> = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const inserted = (await db(table).insert(part).returning(['id', 'document_id'])) as Array<{
      id: number | string;
      document_id: string;
    }>;
    for (const row of inserted) {
      out.push({ id: Number(row.id), document_id: row.document_id });
    }
  }
  return out;
};

export const insertLinks = async (
  db: Db,
  table: string,
  rows: Array<Record<string, unknown>>,
  chunk = 300,
): Promise<void> => {
  const sqlite = await sqliteConnectionOf(db);
  if (sqlite) {
    sqliteInsert(sqlite, table, rows);
    return;
  }
  for (let i = 0; i < rows.length; i += chunk) {
    await db(table).insert(rows.slice(i, i + chunk));
  }
};

/** SQL text a caller puts in a statement as is (a column of its own CTE), never a request's value. */
export class SqlText {
  constructor(readonly sql: string) {}
}

export const sqlText = (sql: string): SqlText => new SqlText(sql);

/** Part of a statement: its text (`?` placeholders) and their values, in order. */
export interface SqlPart {
  sql: string;
  bindings?: readonly unknown[];
}

/** A link row of the new row: the new id in the row's `idColumn`, `value` in `column`. */
export interface NewRowLink {
  table: string;
  column: string;
  /** A bound value, or SqlText over `from`. */
  value: unknown;
  /** The source of the link's SELECT: `ins` (the new rows) unless told, e.g. `ins, t`. */
  from?: string;
}

export interface RowWithLinks {
  /** CTEs before the insert, e.g. a locked read the row's SqlText values come from. */
  before?: SqlPart;
  table: string;
  /** The new row's columns: bound values, or SqlText over `from`. */
  row: Record<string, unknown>;
  /** The source of an INSERT … SELECT (`t WHERE …`, `r ORDER BY r.n`); none: one row of VALUES. */
  from?: string;
  onConflictDoNothing?: boolean;
  /** The new rows' columns the statement answers; `id` unless told. */
  returning?: string[];
  /** The links' column of the new row's id (`answer_id`, `attempt_id`, …). */
  idColumn: string;
  links: NewRowLink[];
  /** CTEs after the links, e.g. another write of the same statement. */
  after?: SqlPart;
}

/**
 * A row (or the rows of an INSERT … SELECT) and its link rows in ONE statement on PostgreSQL
 * (data-modifying CTEs: `WITH [before,] ins AS (INSERT … RETURNING …), l1 AS (INSERT INTO <link>
 * SELECT ins.id, …), … [, after] SELECT <returning> FROM ins`): one round trip instead of one per
 * table, each compiled by knex's query builder (bench/exam-load --db=postgres). Every part runs
 * once, whether or not the final SELECT reads it. The new rows' `returning` columns come back.
 * SQLite has no data-modifying CTEs: its callers insert with insertReturningIds and insertLinks.
 * Table, column and SQL text are the callers' own, never a request's; values are always bound.
 */
export const insertRowWithLinks = <T = Record<string, unknown>>(
  db: Db,
  spec: RowWithLinks,
): Promise<T[]> => {
  if (!isPostgres(db)) {
    throw new Error('insertRowWithLinks runs on PostgreSQL only.');
  }
  const bindings: unknown[] = [...(spec.before?.bindings ?? [])];
  const sqlOf = (value: unknown): string => {
    if (value instanceof SqlText) return value.sql;
    bindings.push(value);
    return '?';
  };
  const columns = Object.keys(spec.row);
  const values = columns.map((c) => sqlOf(spec.row[c])).join(', ');
  const returning = (spec.returning ?? ['id']).map((c) => `"${c}"`).join(', ');
  const parts = spec.before ? [spec.before.sql] : [];
  parts.push(
    `ins AS (INSERT INTO "${spec.table}" (${columns.map((c) => `"${c}"`).join(', ')}) ${
      spec.from === undefined ? `VALUES (${values})` : `SELECT ${values} FROM ${spec.from}`
    }${spec.onConflictDoNothing ? ' ON CONFLICT DO NOTHING' : ''} RETURNING ${returning})`,
  );
  spec.links.forEach((link, i) => {
    parts.push(
      `l${i + 1} AS (INSERT INTO "${link.table}" ("${spec.idColumn}", "${link.column}")
        SELECT ins.id, ${sqlOf(link.value)} FROM ${link.from ?? 'ins'})`,
    );
  });
  if (spec.after) {
    parts.push(spec.after.sql);
    bindings.push(...(spec.after.bindings ?? []));
  }
  return sqlRows<T>(db, `WITH ${parts.join(',\n  ')}\nSELECT ${returning} FROM ins`, bindings);
};

/** The system columns of a new row, as Strapi's document service sets them. */
export const systemColumns = (now: Date): Record<string, unknown> => ({
  document_id: newDocumentId(),
  created_at: now,
  updated_at: now,
  published_at: now,
  locale: null,
});
