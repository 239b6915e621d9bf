// The deployment an exam bench run talks to (`--db`, `--processes`, `--balancer`): SQLite with one
// process (as before), or PostgreSQL (a fresh database on TEST_DATABASE_URL's server) with N
// server processes sharing one deployment's secrets behind a load balancer (balancer.mjs). The
// processes are started by the API tests' helper (server/tests/helpers/server.mjs startServer),
// the database made and dropped by theirs (helpers/postgres.mjs), so the bench boots exactly what
// the "two processes on one database" tests boot. Also: the database access the bench needs
// afterwards (seed, lost-answer check) and the per-process figures (CPU from /proc/<pid>/stat,
// peak memory from /proc/<pid>/status VmHWM) and the raw database baseline (SELECT 1).
import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deploymentSecrets, serverDir, startServer } from '../../server/tests/helpers/server.mjs';
import { processTree, startBalancer } from './balancer.mjs';
import { cpuMs, percentile, seed } from './lib.mjs';
import { seedPostgres } from './pg-seed.mjs';

const require = createRequire(join(serverDir, 'package.json'));

/** PostgreSQL's admin URL for the bench (a role that may create databases). */
export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://portal_ci:portal_ci@127.0.0.1:5432/postgres';

/** Peak resident memory (VmHWM) of a process in MB, or NaN when it is gone. */
export const peakRssMb = (pid) => {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

/**
 * Boots the deployment. `db`: 'sqlite' | 'postgres'; `processes`: 1, 2, 4…; `balancer`: 'none' |
 * 'nginx' | 'node' (PostgreSQL always has one, even for one process, as production does).
 */
export async function startDeployment({
  db,
  processes,
  balancer,
  extraEnv: given,
  nodeArgs,
  poolMax,
}) {
  // The production default of a submit's wait for its marking (the tests' startServer waits 30 s).
  const extraEnv = { EXAM_SUBMIT_WAIT_MS: process.env.EXAM_SUBMIT_WAIT_MS ?? '500', ...given };
  if (db === 'sqlite' && processes !== 1) {
    throw new Error('SQLite runs with one process (--processes=1); use --db=postgres for more');
  }
  const servers = [];
  let pg = null;
  let pool = null;
  let front = null;
  const stop = async () => {
    await front?.stop();
    for (const s of servers.reverse()) await s.stop();
    await pool?.end();
    await pg?.drop();
  };
  try {
    if (db === 'postgres') {
      process.env.TEST_DATABASE_URL = POSTGRES_URL; // read by helpers/postgres.mjs at import
      const { createTestDatabase } = await import('../../server/tests/helpers/postgres.mjs');
      pg = await createTestDatabase('portal_bench');
      const shared = deploymentSecrets();
      const env = { ...extraEnv, ...shared, DATABASE_POOL_MAX: String(poolMax) };
      // The first process creates the schema; the others boot on it (one after another, as the
      // two-process tests do).
      for (let i = 0; i < processes; i += 1) {
        servers.push(await startServer({ databaseUrl: pg.url, extraEnv: env, nodeArgs }));
        console.log(
          `process ${i + 1}/${processes} up (pid ${servers[i].pid}, ${servers[i].bootMs} ms)`,
        );
      }
      const { Pool } = require('pg');
      pool = new Pool({ connectionString: pg.url, max: 8 });
    } else {
      servers.push(await startServer({ extraEnv, nodeArgs }));
    }
    if (balancer !== 'none') {
      front = await startBalancer(
        balancer,
        servers.map((s) => Number(new URL(s.baseUrl).port)),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const sqlite = db === 'sqlite' ? servers[0].database() : null;

  /** Rows of one statement (`?` placeholders) on the deployment's database. */
  const all = async (sql, params = []) => {
    if (sqlite) return sqlite.prepare(sql).all(...params);
    let i = 0;
    const { rows } = await pool.query(
      sql.replace(/\?/g, () => `$${(i += 1)}`),
      params,
    );
    return rows;
  };

  const serverPids = servers.map((s) => s.pid);
  // The backends connected to the bench's own database ("postgres: 15/main: user database host state"):
  // other sessions' databases on the same cluster are not counted.
  const benchDatabase = pg ? new URL(pg.url).pathname.slice(1) : null;
  // Each backend's CPU as last read: one that exits keeps counting with what it had used (read
  // every 250 ms, so at most that much of an exiting backend's time is missed).
  const lastCpu = new Map();
  let retiredCpu = 0;
  const databaseCpu = () => {
    const now = new Map(postgresPids().map((pid) => [pid, cpuMs(pid)]));
    for (const [pid, ms] of lastCpu) {
      if (!now.has(pid) || Number.isNaN(now.get(pid))) {
        retiredCpu += ms;
        lastCpu.delete(pid);
      }
    }
    let total = retiredCpu;
    for (const [pid, ms] of now) {
      if (Number.isNaN(ms)) continue;
      lastCpu.set(pid, ms);
      total += ms;
    }
    return total;
  };
  const databaseWatch = sqlite ? null : setInterval(databaseCpu, 250);
  databaseWatch?.unref();
  const postgresPids = () =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\s\0]+/);
          return title[0] === 'postgres:' && title.includes(benchDatabase);
        } catch {
          return false; // gone meanwhile
        }
      });
  const balancerPids = () => (front ? processTree(front.pid) : []);
  const sum = (pids) => pids.reduce((total, pid) => total + cpuMs(pid), 0);

  return {
    db,
    processes,
    balancer: front ? front.kind : 'none',
    baseUrl: front ? front.baseUrl : servers[0].baseUrl,
    directUrl: servers[0].baseUrl,
    jwtSecret: servers[0].env.JWT_SECRET,
    logFiles: servers.map((s) => s.logFile),
    all,
    /** Learners and the test, straight into the database. */
    seed: async (n, options) => {
      if (sqlite) return seed(sqlite, n, options);
      const client = await pool.connect();
      try {
        return await seedPostgres(client, n);
      } finally {
        client.release();
      }
    },
    /** CPU (ms) the server processes used so far, summed. */
    cpuMs: () => sum(serverPids),
    /**
     * CPU (ms) the backends of the bench's database used so far, summed (the servers' pools and
     * the bench's own; not the cluster's shared writers and autovacuum); NaN on SQLite, which runs
     * inside the server processes. A backend that exits keeps counting with its last reading.
     */
    databaseCpuMs: () => (sqlite ? NaN : databaseCpu()),
    /** CPU (ms) the balancer (nginx master + worker, or the Node proxy) used so far. */
    balancerCpuMs: () => sum(balancerPids()),
    /** Peak memory per process: [label, MB]. */
    peakMemory: () => [
      ...servers.map((s, i) => [`server ${i + 1} (pid ${s.pid})`, peakRssMb(s.pid)]),
      ...balancerPids().map((pid) => [`balancer ${front.kind} (pid ${pid})`, peakRssMb(pid)]),
    ],
    /**
     * The raw database alone: `SELECT 1` for `seconds` (SQLite: one at a time on a connection of
     * the bench's; PostgreSQL: 16 at a time over 8 connections): statements/s and p50/p99 ms.
     */
    dbBaseline: async (seconds) => {
      const times = [];
      const until = Date.now() + seconds * 1000;
      const t0 = performance.now();
      if (sqlite) {
        const statement = sqlite.prepare('SELECT 1 AS one');
        while (Date.now() < until) {
          const t = performance.now();
          statement.get();
          times.push(performance.now() - t);
        }
      } else {
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            while (Date.now() < until) {
              const t = performance.now();
              await pool.query('SELECT 1 AS one');
              times.push(performance.now() - t);
            }
          }),
        );
      }
      const rate = times.length / ((performance.now() - t0) / 1000);
      return { rate, p50: percentile(times, 50), p99: percentile(times, 99) };
    },
    stop: async () => {
      clearInterval(databaseWatch);
      await stop();
    },
  };
}
