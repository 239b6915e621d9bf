import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Core } from '@strapi/strapi';
import { AUTOCHECKPOINT_PAGES, checkpointIntervalMs } from '../src/platform/db/sqlite-checkpoint';

type PoolDone = (err?: Error, conn?: unknown) => void;

interface PragmaCapable {
  pragma: (source: string) => unknown;
}

const hasPragma = (conn: unknown): conn is PragmaCapable =>
  typeof conn === 'object' &&
  conn !== null &&
  typeof (conn as { pragma?: unknown }).pragma === 'function';

interface Statement {
  busy?: boolean;
}

interface Preparing {
  prepare: (source: string) => Statement;
}

const canPrepare = (conn: unknown): conn is Preparing =>
  typeof conn === 'object' &&
  conn !== null &&
  typeof (conn as { prepare?: unknown }).prepare === 'function';

/**
 * knex prepares every SQLite statement anew on each query (better-sqlite3's prepare compiles the
 * SQL: a tenth of the server's time under the exam load, bench/exam-load). The connection keeps
 * its last `size` statements by SQL text instead (least recently used dropped); a statement still
 * busy (an open iterator) is never handed out twice. SQLite re-prepares a cached statement itself
 * when the schema changes.
 */
const cacheStatements = (conn: Preparing, size: number, stats: QueryStats | null): void => {
  const prepare = stats ? timedPrepare(conn.prepare.bind(conn), stats) : conn.prepare.bind(conn);
  const cache = new Map<string, Statement>();
  conn.prepare = (source: string): Statement => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    cache.set(source, statement);
    if (cache.size > size) {
      cache.delete(cache.keys().next().value as string);
    }
    return statement;
  };
};

/** Time spent per SQL text (DATABASE_QUERY_STATS=<file>: written there when the process exits). */
type QueryStats = Map<string, { calls: number; ms: number; max: number }>;

const STATEMENT_METHODS = ['run', 'get', 'all'] as const;

const timedPrepare =
  (prepare: (source: string) => Statement, stats: QueryStats) =>
  (source: string): Statement => {
    const statement = prepare(source) as Statement & Record<string, unknown>;
    for (const method of STATEMENT_METHODS) {
      const original = statement[method];
      if (typeof original !== 'function') {
        continue;
      }
      statement[method] = (...params: unknown[]): unknown => {
        const started = performance.now();
        try {
          return (original as (...p: unknown[]) => unknown).apply(statement, params);
        } finally {
          const entry = stats.get(source) ?? { calls: 0, ms: 0, max: 0 };
          const ms = performance.now() - started;
          entry.calls += 1;
          entry.ms += ms;
          entry.max = Math.max(entry.max, ms);
          stats.set(source, entry);
        }
      };
    }
    return statement;
  };

let queryStats: QueryStats | null = null;

/** The per-SQL time table for bench/exam-load (null unless DATABASE_QUERY_STATS names a file). */
const queryStatsFor = (file: string): QueryStats | null => {
  if (!file) {
    return null;
  }
  if (!queryStats) {
    const stats: QueryStats = new Map();
    queryStats = stats;
    const write = (): void => {
      const rows = [...stats.entries()]
        .map(([sql, s]) => ({ sql, calls: s.calls, ms: Math.round(s.ms), max: Math.round(s.max) }))
        .sort((a, b) => b.ms - a.ms);
      writeFileSync(file, JSON.stringify(rows, null, 1));
    };
    // Also every 5 s: a process the bench stops with SIGKILL (its drain outlasting the bench's
    // patience) never reaches 'exit'.
    setInterval(write, 5000).unref();
    process.on('exit', write);
  }
  return queryStats;
};

/**
 * SQLite (better-sqlite3) by default: zero set-up, one file, WAL mode so readers never wait for the
 * writer, and a busy timeout so concurrent writers queue instead of failing with SQLITE_BUSY.
 * PostgreSQL when DATABASE_CLIENT=postgres (production / several Strapi processes).
 */
export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  const busyTimeoutMs = env.int('DATABASE_BUSY_TIMEOUT', 5000);
  const statementCache = env.int('DATABASE_STATEMENT_CACHE', 1000);
  const stats = queryStatsFor(env('DATABASE_QUERY_STATS', ''));
  // The same reading of DATABASE_CHECKPOINT_MS as the worker's (src/platform/db/sqlite-checkpoint.ts).
  const checkpointInWorker = checkpointIntervalMs(process.env.DATABASE_CHECKPOINT_MS) > 0;

  if (client === 'postgres') {
    const statementTimeoutMs = env.int('DATABASE_STATEMENT_TIMEOUT_MS', 60000);
    // DATABASE_URL (postgres://user:password@host:port/database) wins over the discrete variables.
    const url = env('DATABASE_URL', '');
    const parsed = url ? new URL(url) : null;
    const ssl = env.bool('DATABASE_SSL', parsed?.searchParams.get('sslmode') === 'require')
      ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
      : false;
    return {
      connection: {
        client: 'postgres',
        connection: {
          host: parsed ? parsed.hostname : env('DATABASE_HOST', '127.0.0.1'),
          port: parsed?.port ? Number(parsed.port) : env.int('DATABASE_PORT', 5432),
          database: parsed
            ? decodeURIComponent(parsed.pathname.replace(/^\//, ''))
            : env('DATABASE_NAME', 'portal'),
          user: parsed ? decodeURIComponent(parsed.username) : env('DATABASE_USERNAME', 'portal'),
          password: parsed ? decodeURIComponent(parsed.password) : env('DATABASE_PASSWORD', ''),
          ssl,
          schema: env('DATABASE_SCHEMA', 'public'),
          // PostgreSQL ends any statement running longer than this (ms, 0 = never): the second
          // line behind the query cost bounds (issue 18 point 5), as Node cannot cut a query.
          statement_timeout: statementTimeoutMs,
          // PostgreSQL's JIT compiler off unless DATABASE_JIT=true (issue 25). It starts when a
          // plan's estimated cost is high, and a never-analysed empty link table (a test without
          // learners listed one by one) is estimated at ~2,000 rows, so the access-filtered test
          // read of every exam start cost 30 million and spent ~1 s compiling a query that runs
          // in 0.2 ms: the starts queued behind it for 40 s. Short OLTP queries never gain from it.
          ...(env.bool('DATABASE_JIT', false) ? {} : { options: '-c jit=off' }),
        },
        pool: {
          min: env.int('DATABASE_POOL_MIN', 2),
          max: env.int('DATABASE_POOL_MAX', 10),
        },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  if (client !== 'sqlite') {
    throw new Error(`Unsupported DATABASE_CLIENT "${client}" (use "sqlite" or "postgres")`);
  }

  return {
    connection: {
      client: 'sqlite',
      connection: {
        // Relative paths are resolved from the server folder (the working directory of Strapi).
        filename: path.resolve(process.cwd(), env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: unknown, done: PoolDone): void => {
          try {
            if (hasPragma(conn)) {
              conn.pragma('journal_mode = WAL');
              conn.pragma(`busy_timeout = ${busyTimeoutMs}`);
              conn.pragma('synchronous = NORMAL');
              // An exam start dirties ~200 scattered index pages (random documentIds, one link
              // row per question): a 64 MB page cache and a WAL checkpointed every ~80 MB instead
              // of every 4 MB cut SQLite's time per start by a quarter (bench/exam-load). With
              // DATABASE_CHECKPOINT_MS > 0 a worker thread checkpoints instead
              // (src/platform/db/sqlite-checkpoint.ts), never inside a COMMIT on the server's thread.
              conn.pragma('cache_size = -65536');
              conn.pragma(`wal_autocheckpoint = ${checkpointInWorker ? 0 : AUTOCHECKPOINT_PAGES}`);
            }
            if (statementCache > 0 && canPrepare(conn)) {
              cacheStatements(conn, statementCache, stats);
            }
            done(undefined, conn);
          } catch (error) {
            done(error instanceof Error ? error : new Error(String(error)), conn);
          }
        },
      },
    },
  };
};
