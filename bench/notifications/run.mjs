#!/usr/bin/env node
// Notifications (issue 20) on the production server (NODE_ENV=production) with a throw-away
// SQLite file:
//  1. fan-out: an administrator creates a test for a batch of --learners (50,000) learners; the
//     test-available event writes one notification per learner in the request's transaction.
//     Printed next to the same call for a batch of 10 learners (the baseline).
//  2. the top 5 of a learner with --notifications (10,000) notifications: GET /api/top-notifications
//     p50/p99 over --requests calls at the client on 127.0.0.1, next to GET /api/users/me (the
//     baseline), and the server's SQL of the call alone (the top 5 and the counts, run on the
//     same file with better-sqlite3): target p99 under 20 ms.
//
//   node bench/notifications/run.mjs [--learners 50000] [--notifications 10000] [--requests 200]
//
// BENCH_NODE_ARGS (e.g. "--cpu-prof") is passed to the server's node.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverDir, startServer } from '../../server/tests/helpers/server.mjs';
import { signJwt } from '../exam-load/lib.mjs';
import { ms, pct, seedLearners, timeGets } from '../people/seed.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { createId } = require('@paralleldrive/cuid2');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const LEARNERS = Number(option('learners', '50000'));
const NOTIFICATIONS = Number(option('notifications', '10000'));
const REQUESTS = Number(option('requests', '200'));
const SMALL = 10;

const post = async (baseUrl, token, path, body) => {
  const t = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return { ms: performance.now() - t, json };
};

const notificationCount = (db) => db.prepare('SELECT COUNT(*) AS n FROM notifications').get().n;

/** Gives one learner `n` notifications (read and unread), straight into the database. */
const seedNotifications = (db, userId, n) => {
  const now = Date.now();
  const row = db.prepare(
    "INSERT INTO notifications (document_id, message, kind, link, read, email_pending, created_at, updated_at, published_at) VALUES (?, ?, 'message', '/course', ?, 0, ?, ?, ?)",
  );
  const link = db.prepare(
    'INSERT INTO notifications_to_user_lnk (notification_id, user_id) VALUES (?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < n; i += 1) {
      const at = now - (n - i) * 60_000;
      const id = row.run(
        createId(),
        `Notice ${i}`,
        i % 3 === 0 ? 0 : 1,
        at,
        at,
        at,
      ).lastInsertRowid;
      link.run(id, userId);
    }
  })();
};

/** The SQL of GET /api/top-notifications alone (server/src/modules/notifications/inbox.ts). */
const timeSql = (db, userId, runs) => {
  const topFive = db.prepare(
    `SELECT n.id, n.document_id, n.message, n.kind, n.link, n.about_type, n.about_id, n.read, n.created_at
       FROM notifications_to_user_lnk l JOIN notifications n ON n.id = l.notification_id
      WHERE l.user_id = ? ORDER BY l.notification_id DESC LIMIT 5`,
  );
  const counts = db.prepare(
    `SELECT COUNT(*) AS total, SUM(CASE WHEN (n.read IS NULL OR n.read = 0) THEN 1 ELSE 0 END) AS unread
       FROM notifications_to_user_lnk l JOIN notifications n ON n.id = l.notification_id
      WHERE l.user_id = ?`,
  );
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    topFive.all(userId);
    counts.get(userId);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99) };
};

const main = async () => {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startServer({
    extraEnv: { NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    nodeArgs,
  });
  try {
    const db = server.database();
    const t0 = Date.now();
    // Batch 1: the big one; batch 2: the baseline's SMALL learners.
    const adminId = seedLearners(db, LEARNERS + SMALL, (i) => (i < LEARNERS ? 0 : 1), 2);
    db.exec('ANALYZE');
    const [big, small] = db
      .prepare('SELECT document_id FROM batches ORDER BY id')
      .all()
      .map((b) => b.document_id);
    console.log(
      `seeded ${LEARNERS} + ${SMALL} learners with user accounts in ${Date.now() - t0} ms`,
    );
    const token = signJwt(adminId, server.env.JWT_SECRET);

    // 1. Fan-out.
    const test = (name, batch) => ({ data: { TestName: name, TestDuration: 60, batch } });
    await post(server.baseUrl, token, '/api/tests', test('Warm-up', small));
    const before = notificationCount(db);
    const baseline = await post(server.baseUrl, token, '/api/tests', test('Baseline test', small));
    const afterSmall = notificationCount(db);
    const fanOut = await post(server.baseUrl, token, '/api/tests', test('Big batch test', big));
    const afterBig = notificationCount(db);
    console.log(
      `fan-out: test for ${LEARNERS} learners ${ms(fanOut.ms)} (${afterBig - afterSmall} notifications written)` +
        ` | baseline: test for ${SMALL} learners ${ms(baseline.ms)} (${afterSmall - before} written)`,
    );

    // 2. The top 5 of a learner with NOTIFICATIONS notifications.
    const learner = db
      .prepare("SELECT u.id FROM up_users u WHERE u.email = 'learner0@example.org'")
      .get().id;
    seedNotifications(db, learner, NOTIFICATIONS);
    db.exec('ANALYZE');
    const learnerToken = signJwt(learner, server.env.JWT_SECRET);
    const path = `/api/top-notifications?userId=${learner}`;
    await timeGets(server.baseUrl, learnerToken, path, 5);
    await timeGets(server.baseUrl, learnerToken, '/api/users/me', 5);
    const topFive = await timeGets(server.baseUrl, learnerToken, path, REQUESTS);
    const me = await timeGets(server.baseUrl, learnerToken, '/api/users/me', REQUESTS);
    const sql = timeSql(db, learner, REQUESTS * 5);
    console.log(
      `top 5 of ${topFive.body.meta.total} notifications (${topFive.body.meta.unread} unread): p50 ${ms(topFive.p50)}, p99 ${ms(topFive.p99)}` +
        ` | baseline GET /api/users/me: p50 ${ms(me.p50)}, p99 ${ms(me.p99)} (${REQUESTS} requests each)`,
    );
    console.log(
      `top 5 + counts, SQL alone: p50 ${ms(sql.p50)}, p99 ${ms(sql.p99)} over ${REQUESTS * 5} runs (target p99 < 20 ms: ${sql.p99 < 20 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await server.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
