#!/usr/bin/env node
// Exam load: N learners sit one 100-question test on the production server (scripts/serve.mjs,
// NODE_ENV=production) on a throw-away SQLite file and port. Per N: all start within a window,
// each saves an answer every few seconds for a fixed period, then submits. Prints start, save and
// submit latency (p50/p99), requests/s, errors by status, a baseline measured in the same run
// (GET /_health: no Strapi route; GET /api/users/me: JWT check + user lookup, the per-request cost
// every authenticated call pays), the check that no acknowledged answer was lost, and how late an
// idle process's timer fired meanwhile (the machine's own pauses, not the server's).
//
//   node bench/exam-load/run.mjs [--learners 500,2000,5000] [--duration 60] [--start-window 10]
//        [--concurrency <in flight, default one per learner>] [--min-gap 3] [--max-gap 5] [--log-level http]
//        [--profile <dir>] [--query-stats <file>] [--serial] [--timeline] [--events <share>]
//        [--delivery | --compare-delivery] [--section-end 0.4] [--press-next 0] [--follow-read]
//   --serial: no load; the N learners start one after another, then save once each, then submit,
//   one call at a time: the server's CPU and the time per call of each kind, alone.
//   --events 0.1: that share of the saves carries two integrity-log events (issue 23: a tab switch
//   and a paste), and each submit one; default 0 (no events).
//   --delivery: the seeded test has issue 23's delivery on: questions and options shuffled, two
//   sections by subject (50 questions each) with their own timers in fixed order, and, unless
//   --events is given, integrity events on 10 % of the saves. The first section ends
//   --section-end of --duration after each learner's start (default 0.4: apart from the submits
//   at the end; --section-minutes <m> gives it whole minutes instead). A learner answers only the
//   questions of its current section (those the start or the move gave it); at its section's end
//   it asks for the open section at once, as the player's countdown does (POST …/section without
//   a section: "section move (clock)"; --follow-read: it re-reads the whole attempt instead, the
//   player before), then saves in section 2 and submits at the end. --press-next <share>: that
//   share of learners press "Next section" at a random moment before ("section move (next)";
//   default 0). A save refused with 409 by the section rule is counted apart ("refused by section
//   rule"), not as an error.
//   --compare-delivery: per N, a run without (as before) then one with --delivery, each on a fresh
//   database and server, and both rows side by side (a same-run comparison).
//   BENCH_NODE_ARGS="--require <file>" adds Node options to the server (e.g. an event-loop monitor).
//
// Learners and the test are written straight into the database (fast); each learner's JWT is
// signed with the server's secret in the users-permissions format ({ id }), no bcrypt sign-in.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { serverDir } from '../../server/tests/helpers/server.mjs';
import { nginxBinary } from './balancer.mjs';
import { startDeployment } from './cluster.mjs';
import {
  loadAfterLabel,
  printComparison,
  printDeployment,
  printQueryStats,
  printServerTimes,
  printTimeline,
} from './print.mjs';
import {
  CHOICES,
  QUESTIONS,
  fmt,
  makeClient,
  percentile,
  signJwt,
  sleep,
  submitUntilMarked,
  watchHost,
} from './lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
/** --db=sqlite|postgres (PostgreSQL: a fresh database on TEST_DATABASE_URL's server). */
const DB = option('db', 'sqlite');
/** --processes=N server processes on the one database (PostgreSQL only for more than one). */
const PROCESSES = Number(option('processes', '1'));
/**
 * --balancer=nginx|node|none: in front of the processes. Default: none for SQLite (one process,
 * as before), nginx for PostgreSQL (Debian's package; without it the run stops and says so).
 */
const BALANCER = option('balancer', DB === 'postgres' ? 'nginx' : 'none');
/** --pool=<connections per process> (PostgreSQL; default 10, the server's own default). */
const POOL_MAX = Number(option('pool', '10'));
if (!['sqlite', 'postgres'].includes(DB)) throw new Error(`--db=${DB}: sqlite or postgres`);
if (DB === 'sqlite' && PROCESSES !== 1) {
  throw new Error('--db=sqlite runs one process; several processes need --db=postgres');
}
if (BALANCER === 'nginx' && !nginxBinary()) {
  console.error(
    'nginx is not installed: `apt-get install -y nginx-light` (Debian package), or run with --balancer=node (a Node proxy process with the same least-connections policy; it costs more CPU per request, printed apart).',
  );
  process.exit(2);
}
const LEARNERS = option('learners', '500,2000')
  .split(',')
  .map((n) => Number.parseInt(n, 10))
  .filter((n) => n > 0);
const DURATION_S = Number(option('duration', '60'));
const START_WINDOW_S = Number(option('start-window', '10'));
/** Requests in flight at most (default: one per learner, as each learner's browser has its own). */
const CONCURRENCY_OPTION = option('concurrency', '');
const MIN_GAP_S = Number(option('min-gap', '3'));
const MAX_GAP_S = Number(option('max-gap', '5'));
const LOG_LEVEL = option('log-level', 'http');
/** --profile <dir>: the server writes a V8 CPU profile there (summarise: bench/exam-load/profile.mjs). */
const PROFILE_DIR = option('profile', '');
/** --query-stats <file>: the server times every SQLite statement; the top ones are printed. */
const QUERY_STATS = option('query-stats', '');
const SERIAL = args.includes('--serial');
/** --timeline: per second of the exam, the calls sent and the p99 of the saves sent then. */
const TIMELINE = args.includes('--timeline');
/** --events <share>: the share of saves that carry integrity-log events (issue 23). */
const EVENTS_OPTION = option('events', '');
const COMPARE = args.includes('--compare-delivery');
const DELIVERY = args.includes('--delivery');
/** --section-minutes: the first section's length in whole minutes (the old schedule). */
const SECTION_MINUTES_OPTION = option('section-minutes', '');
/**
 * --section-end <fraction>: the first section ends at that share of --duration after each
 * learner's start (default 0.4), apart from the submits at the end. Ignored with --section-minutes.
 */
const SECTION_END = Number(option('section-end', '0.4'));
/** --follow-read: at a section's end the learner re-reads the whole attempt (the player before). */
const FOLLOW_READ = args.includes('--follow-read');
/** --press-next <share>: the share of learners who press "Next section" before the clock (default 0). */
const PRESS_NEXT = Number(option('press-next', '0'));
/** The first section's length for the seed: { firstMinutes } or { firstSeconds }. */
const firstSection = () =>
  SERIAL
    ? { firstMinutes: 15 } // serial: the learners move by "Next section", never by the clock
    : SECTION_MINUTES_OPTION
      ? { firstMinutes: Number(SECTION_MINUTES_OPTION) }
      : { firstSeconds: Math.max(1, Math.round(SECTION_END * DURATION_S)) };
/** The share of saves with integrity events in a run with or without delivery. */
const eventsShare = (delivery) =>
  EVENTS_OPTION !== '' ? Number(EVENTS_OPTION) : delivery ? 0.1 : 0;
const someEvents = () => {
  const at = new Date().toISOString();
  return [
    { kind: 'tab-hidden', at, detail: '' },
    { kind: 'paste', at, detail: '' },
  ];
};

// ---------------------------------------------------------------------------------------------

/** The deployment in words, for the run's header. */
const deploymentLabel = () =>
  DB === 'sqlite'
    ? `SQLite (throw-away file), ${PROCESSES} process${BALANCER !== 'none' ? `, balancer ${BALANCER}` : ''}`
    : `PostgreSQL (fresh database), ${PROCESSES} process${PROCESSES > 1 ? 'es' : ''} (pool ${POOL_MAX} each) behind ${BALANCER}`;

const jitter = () => (MIN_GAP_S + Math.random() * (MAX_GAP_S - MIN_GAP_S)) * 1000;

// ---------------------------------------------------------------------------------------------

async function baseline(client, path, tokens, seconds) {
  const until = Date.now() + seconds * 1000;
  const kind = `baseline ${path}`;
  const workers = Array.from({ length: 64 }, async () => {
    while (Date.now() < until) {
      const token = path.startsWith('/api')
        ? tokens[Math.floor(Math.random() * tokens.length)]
        : null;
      await client.call(kind, 'GET', path, token);
    }
  });
  const t0 = Date.now();
  await Promise.all(workers);
  const s = client.stats.get(kind);
  return { kind, rps: (s?.times.length ?? 0) / ((Date.now() - t0) / 1000) };
}

/** A 409 of a save or a move that the section rule gave (by design), not an error. */
const SECTION_RULE = /section/i;
const refusedBySection = (res) =>
  res.status === 409 && SECTION_RULE.test(String(res.json?.error?.message ?? ''));
/** Moves a refused call's count from the kind's errors to its "refused by section rule". */
const reclassify = (client, kind) => {
  const s = client.stats.get(kind);
  s.errors[409] -= 1;
  if (s.errors[409] === 0) delete s.errors[409];
  s.refused = (s.refused ?? 0) + 1;
};
const load1 = () => loadavg()[0].toFixed(2);

/**
 * What the player asks when a section's time is over (the server moved the attempt by its clock):
 * the move without a section, which answers the open section's part only; --follow-read: the
 * whole attempt again (the player before).
 */
const follow = (client, token, attemptId) =>
  FOLLOW_READ
    ? client.call('section move (clock)', 'GET', `/api/test/prelims/attempts/${attemptId}`, token)
    : client.call('section move (clock)', 'POST', '/api/test/prelims/section', token, {
        attemptId,
      });

/**
 * The learner's view after a move or a follow: a whole attempt (a read) replaces it; a section's
 * part (no `test`) replaces that section's questions and answers and the section tabs.
 */
const applySection = (view, data) => {
  if (data.test) return data;
  const section = data.sections.current;
  return {
    ...view,
    attempt: data.attempt,
    sections: data.sections,
    questions: [...view.questions.filter((q) => q.section !== section), ...data.questions],
    answers: [...view.answers.filter((a) => a.section !== section), ...data.answers],
  };
};

async function runOnce(n, delivery) {
  const EVENTS_SHARE = eventsShare(delivery);
  const label = delivery
    ? `with delivery (shuffle, 2 sections in fixed order, events on ${EVENTS_SHARE * 100} % of saves)`
    : `plain${EVENTS_SHARE > 0 ? ` (events on ${EVENTS_SHARE * 100} % of saves)` : ''}`;
  const loadBefore = load1();
  console.log(
    `\n=== ${n} learners, ${label}; load average ${loadAfterLabel(loadavg())}: booting the production server: ${deploymentLabel()}`,
  );
  if (delivery && DB === 'postgres') throw new Error('--delivery is seeded on SQLite only');
  const server = await startDeployment({
    db: DB,
    processes: PROCESSES,
    balancer: BALANCER,
    poolMax: POOL_MAX,
    extraEnv: {
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: LOG_LEVEL,
      ...(QUERY_STATS ? { DATABASE_QUERY_STATS: QUERY_STATS } : {}),
    },
    nodeArgs: [
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
    ],
  });
  try {
    const t0 = Date.now();
    const { userIds, testId, testDocumentId } = await server.seed(n, {
      delivery: delivery ? firstSection() : null,
    });
    console.log(`seeded ${n} learners and a ${QUESTIONS}-question test in ${Date.now() - t0} ms`);
    const tokens = userIds.map((id) => signJwt(id, server.jwtSecret));
    const client = makeClient(server.baseUrl, CONCURRENCY_OPTION ? Number(CONCURRENCY_OPTION) : n, {
      timeline: TIMELINE,
    });
    const me = await client.call('check', 'GET', '/api/users/me', tokens[0]);
    if (me.status !== 200) throw new Error(`a signed token is refused: ${me.status}`);

    const baselines = [
      await baseline(client, '/_health', tokens, 5),
      await baseline(client, '/api/users/me', tokens, 5),
    ];
    // The raw baselines of this run: one process's /_health without the balancer (when there is
    // one) and the database's SELECT 1 alone.
    let direct = null;
    if (server.directUrl !== server.baseUrl) {
      const directClient = makeClient(server.directUrl, 64);
      direct = await baseline(directClient, '/_health', tokens, 5);
      direct.stats = directClient.stats.get(direct.kind);
      directClient.close();
    }
    const dbBaseline = await server.dbBaseline(3);

    if (SERIAL) {
      const serial = await serialCosts(
        client,
        server,
        tokens,
        testDocumentId,
        delivery,
        EVENTS_SHARE,
      );
      client.close();
      return { n, delivery, lost: 0, results: n, serial, load: `${loadBefore} → ${load1()}` };
    }

    // Learners: start within the window, save every MIN–MAX s for DURATION s, then submit.
    const acked = new Map(); // answer documentId → { revision, value }
    const phaseStart = Date.now();
    const phaseStartMs = performance.now();
    const saveUntil = phaseStart + (START_WINDOW_S + DURATION_S) * 1000;
    let results = 0;
    // Saves sent while some learner still waits for their start compete with the bulk inserts of
    // the starts; "save (steady)" are those sent after every start was answered.
    let startsPending = userIds.length;
    const learner = async (i) => {
      await sleep(Math.random() * START_WINDOW_S * 1000);
      const token = tokens[i];
      const started = await client.call('start', 'POST', '/api/test/prelims/initialize', token, {
        testId: testDocumentId,
      });
      startsPending -= 1;
      if (started.status !== 201 && started.status !== 200) return;
      let view = started.json.data;
      const { attempt } = view;
      // Sections (--delivery): the answers of the current section only. Section 1 ends by the
      // server's clock (--section-end of the duration after the start); the learner's player
      // follows it at that moment, as its countdown does; --press-next of the learners press
      // "Next section" at a random moment before.
      const open = () =>
        view.sections
          ? view.answers.filter((a) => a.section === view.sections.current)
          : view.answers;
      let answers = open();
      const lastSection = view.sections ? view.sections.list.length - 1 : 0;
      const sectionEnd = () =>
        view.sections && view.sections.current < lastSection
          ? Date.parse(view.sections.currentEndsAt)
          : Infinity;
      let pressNextAt =
        view.sections && Math.random() < PRESS_NEXT
          ? Date.now() + Math.random() * Math.max(0, sectionEnd() - Date.now())
          : Infinity;
      /** The answer of a move or a follow: the open section's part (or a whole attempt). */
      const apply = (data) => {
        view = applySection(view, data);
        answers = open();
      };
      const reRead = async (kind) => {
        const res = await client.call(
          kind,
          'GET',
          `/api/test/prelims/attempts/${attempt.documentId}`,
          token,
        );
        if (res.status === 200) apply(res.json.data);
      };
      const changeSection = async () => {
        const byLearner = pressNextAt <= sectionEnd();
        pressNextAt = Infinity;
        const res = byLearner
          ? await client.call('section move (next)', 'POST', '/api/test/prelims/section', token, {
              attemptId: attempt.documentId,
              section: view.sections.current + 1,
            })
          : await follow(client, token, attempt.documentId);
        const kind = byLearner ? 'section move (next)' : 'section move (clock)';
        if (res.status === 200) {
          apply(res.json.data);
        } else if (refusedBySection(res)) {
          reclassify(client, kind);
          await reRead('re-read (after a refusal)');
        }
        if (!byLearner && view.sections.current < lastSection) {
          // The server's clock was not there yet (the player asks again shortly).
          await sleep(1000);
        }
      };
      let revision = 0;
      while (Date.now() + MIN_GAP_S * 1000 < saveUntil) {
        const gap = jitter();
        const change = Math.min(sectionEnd(), pressNextAt);
        if (change <= Date.now() + gap && change < saveUntil) {
          await sleep(Math.max(0, change - Date.now()));
          await changeSection();
          continue;
        }
        await sleep(gap);
        if (Date.now() >= saveUntil) break;
        if (answers.length === 0) continue;
        const answer = answers[Math.floor(Math.random() * answers.length)];
        const value = CHOICES[Math.floor(Math.random() * 4)];
        revision += 1;
        const kind = startsPending > 0 ? 'save (while starting)' : 'save (steady)';
        const res = await client.call(kind, 'PUT', `/api/answers/${answer.documentId}`, token, {
          data: {
            selected_answer: value,
            revision,
            ...(Math.random() < EVENTS_SHARE ? { events: someEvents() } : {}),
          },
        });
        if (res.status === 200 && res.json?.data?.revision === revision) {
          acked.set(answer.documentId, { revision, value });
        } else if (refusedBySection(res)) {
          reclassify(client, kind);
          await reRead('re-read (after a refusal)');
        }
      }
      if (!firstSubmit) {
        firstSubmit = { cpu: server.cpuMs(), db: server.databaseCpuMs(), saves: savesDone() };
      }
      const done = await submitUntilMarked(client, token, {
        attemptId: attempt.documentId,
        ...(EVENTS_SHARE > 0 ? { events: someEvents().slice(0, 1) } : {}),
      });
      if (done.status === 200) results += 1;
    };
    const requestsBefore = client.requests;
    // CPU per kind (by phase): marks when every start was answered and when the first submit was
    // sent, with the saves answered by then (printDeployment shares each phase's CPU out).
    let firstSubmit = null;
    let savesAfterStarts = 0;
    const savesDone = () =>
      ['save (while starting)', 'save (steady)'].reduce((total, kind) => {
        const s = client.stats.get(kind);
        return s
          ? total + s.times.length + Object.values(s.errors).reduce((a, b) => a + b, 0)
          : total;
      }, 0);
    const balancerCpuBefore = server.balancerCpuMs();
    const cpuBefore = server.cpuMs();
    const dbBefore = server.databaseCpuMs();
    const clientCpuBefore = process.cpuUsage();
    let cpuAfterStarts = NaN;
    let dbAfterStarts = NaN;
    // The bench's own event loop: a late timer here delays sends and reads, and would be counted
    // as the server's latency.
    const clientLag = [];
    let tick = performance.now();
    const lagTimer = setInterval(() => {
      const now = performance.now();
      clientLag.push(now - tick - 50);
      tick = now;
    }, 50);
    const host = watchHost();
    const learners = userIds.map((_, i) => learner(i));
    const watchStarts = (async () => {
      while (startsPending > 0) await sleep(50);
      cpuAfterStarts = server.cpuMs();
      dbAfterStarts = server.databaseCpuMs();
      savesAfterStarts = savesDone();
    })();
    await Promise.all(learners);
    clearInterval(lagTimer);
    const hostLate = await host.stop();
    await watchStarts;
    const cpuAfter = server.cpuMs();
    const dbAfter = server.databaseCpuMs();
    const balancerCpu = server.balancerCpuMs() - balancerCpuBefore;

    const elapsed = (Date.now() - phaseStart) / 1000;
    const requests = client.requests - requestsBefore;

    // The check: every acknowledged save is in the database; one result per learner.
    const stored = await server.all(
      `SELECT a.document_id, a.selected_answer, a.revision FROM answers a
       JOIN answers_test_lnk l ON l.answer_id = a.id WHERE l.test_id = ?`,
      [testId],
    );
    const byId = new Map(stored.map((r) => [r.document_id, r]));
    let lost = 0;
    for (const [id, { revision, value }] of acked) {
      const row = byId.get(id);
      if (!row || Number(row.revision) < revision) lost += 1;
      else if (Number(row.revision) === revision && row.selected_answer !== value) lost += 1;
    }
    const resultRows = Number(
      (
        await server.all('SELECT COUNT(*) AS n FROM results_test_lnk WHERE test_id = ?', [testId])
      )[0].n,
    );

    console.log(
      `\n${n} learners — ${elapsed.toFixed(1)} s, ${requests} requests, ${(requests / elapsed).toFixed(0)} requests/s`,
    );
    console.log('kind                     count      p50 ms     p99 ms   errors');
    const during = client.stats.get('save (while starting)') ?? { times: [], errors: {} };
    const steady = client.stats.get('save (steady)') ?? { times: [], errors: {} };
    const merged = {
      times: [...during.times, ...steady.times],
      errors: { ...during.errors },
      refused: (during.refused ?? 0) + (steady.refused ?? 0),
    };
    for (const [status, count] of Object.entries(steady.errors)) {
      merged.errors[status] = (merged.errors[status] ?? 0) + count;
    }
    client.stats.set('save (all)', merged);
    for (const kind of [
      'start',
      'save (all)',
      'save (while starting)',
      'save (steady)',
      'submit',
      'submit (asked again)',
      'result ready',
      ...(delivery
        ? ['section move (clock)', 'section move (next)', 're-read (after a refusal)']
        : []),
      ...baselines.map((b) => b.kind),
    ]) {
      const s = client.stats.get(kind) ?? { times: [], errors: {} };
      const errors = [
        ...Object.entries(s.errors).map(([status, count]) => `${status}×${count}`),
        ...(s.refused ? [`refused by section rule ×${s.refused}`] : []),
      ].join(' ');
      console.log(
        `${kind.padEnd(24)} ${String(s.times.length).padStart(6)} ${fmt(percentile(s.times, 50)).padStart(10)} ${fmt(percentile(s.times, 99)).padStart(10)}   ${errors || '-'}`,
      );
    }
    for (const b of baselines) {
      console.log(`${b.kind}: ${b.rps.toFixed(0)} requests/s alone (before the exam)`);
    }
    console.log(`connection errors retried: ${client.retries}`);
    console.log(
      `server CPU: ${((cpuAfter - cpuBefore) / 1000).toFixed(1)} s in the exam phase, of which ${((cpuAfterStarts - cpuBefore) / 1000).toFixed(1)} s until every start was answered (${((cpuAfterStarts - cpuBefore) / n).toFixed(1)} ms per learner then)`,
    );
    console.log(
      `check: ${acked.size} answers with an acknowledged save, ${lost} lost; results ${resultRows}/${n} (submits acknowledged ${results})`,
    );
    printDeployment({
      deployment: deploymentLabel(),
      n,
      cpu: { before: cpuBefore, afterStarts: cpuAfterStarts, firstSubmit, after: cpuAfter },
      db: {
        before: dbBefore,
        afterStarts: dbAfterStarts,
        firstSubmit: firstSubmit ? { cpu: firstSubmit.db, saves: firstSubmit.saves } : null,
        after: dbAfter,
      },
      saves: {
        duringStarts: savesAfterStarts,
        beforeSubmits: firstSubmit?.saves,
        all: savesDone(),
      },
      balancerCpu,
      requests,
      memory: server.peakMemory(),
      health: baselines[0],
      healthStats: client.stats.get(baselines[0].kind),
      direct,
      dbBaseline,
    });
    if (LOG_LEVEL === 'http') printServerTimes(server.logFiles);
    if (TIMELINE) printTimeline(client.sent, phaseStartMs);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    console.log(
      `bench client CPU: ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s in the exam phase (it shares the 2 cores with the server); its event-loop delay p99 ${fmt(percentile(clientLag, 99))} ms, max ${fmt(Math.max(...clientLag))} ms`,
    );
    const hostMax = hostLate.length ? Math.max(...hostLate) : 0;
    console.log(
      `host: an idle process's 10 ms timer was late by more than 50 ms ${hostLate.filter((ms) => ms > 50).length} times, at most ${hostMax.toFixed(0)} ms (on a quiet machine it is not; when it is, the machine paused or had no core free, for the server too)`,
    );
    const loadAfter = load1();
    console.log(`load average (1 min): ${loadBefore} before the run, ${loadAfter} at its end`);
    // Section-2 saves acknowledged: the move really happened during the run.
    const count = async (sql, params = []) => Number((await server.all(sql, params))[0].n);
    const secondSection = delivery
      ? await count(
          `SELECT COUNT(*) AS n FROM answers a JOIN answers_test_lnk l ON l.answer_id = a.id
           WHERE l.test_id = ? AND a.section = 1 AND a.revision > 0`,
          [testId],
        )
      : 0;
    if (delivery) {
      // The delivery really was on: attempts with a shuffle seed and a section plan, and the
      // integrity events stored (app_attempt_events, one row per event).
      const shaped = await count(
        `SELECT COUNT(*) AS n FROM attempts a JOIN attempts_test_lnk l ON l.attempt_id = a.id
         WHERE l.test_id = ? AND a.shuffle_seed IS NOT NULL AND a.section_plan IS NOT NULL`,
        [testId],
      );
      const logged = await count('SELECT COUNT(*) AS n FROM app_attempt_events');
      console.log(
        `answers of section 2 saved: ${secondSection}; attempts shuffled with a section plan: ${shaped}/${n}; integrity events stored: ${logged}`,
      );
    }
    const figure = (kind) => {
      const s = client.stats.get(kind) ?? { times: [], errors: {} };
      return {
        count: s.times.length,
        p50: percentile(s.times, 50),
        p99: percentile(s.times, 99),
        errors: Object.values(s.errors).reduce((a, b) => a + b, 0),
        refused: s.refused ?? 0,
      };
    };
    const kinds = [
      'start',
      'save (all)',
      'submit',
      'result ready',
      'section move (clock)',
      'section move (next)',
    ];
    const rows = Object.fromEntries(kinds.map((k) => [k, figure(k)]));
    client.close();
    return {
      n,
      delivery,
      lost,
      results: resultRows,
      acked: acked.size,
      rows,
      errors:
        Object.values(rows).reduce((a, r) => a + r.errors, 0) +
        figure('re-read (after a refusal)').errors,
      refused: Object.values(rows).reduce((a, r) => a + r.refused, 0),
      secondSection,
      cpuS: (cpuAfter - cpuBefore) / 1000,
      cpuPerRequest: (cpuAfter - cpuBefore) / requests,
      cpuStartsPerLearner: (cpuAfterStarts - cpuBefore) / n,
      load: `${loadBefore} → ${loadAfter}`,
      healthRps: baselines[0].rps,
      hostLate: hostLate.filter((ms) => ms > 50).length,
    };
  } finally {
    await server.stop();
    if (QUERY_STATS) printQueryStats(QUERY_STATS);
  }
}

/** --serial: each kind of exam call alone, one at a time: wall time and server CPU per call. */
async function serialCosts(client, server, tokens, testDocumentId, delivery, eventsShareOf) {
  const attempts = [];
  const figures = {};
  const phase = async (kind, call) => {
    const cpu0 = server.cpuMs();
    const db0 = server.databaseCpuMs();
    const t0 = performance.now();
    for (let i = 0; i < tokens.length; i += 1) {
      const res = await call(i);
      if (res.status < 200 || res.status >= 300) throw new Error(`${kind} ${i}: ${res.status}`);
    }
    const wall = (performance.now() - t0) / tokens.length;
    const cpu = (server.cpuMs() - cpu0) / tokens.length;
    const db = (server.databaseCpuMs() - db0) / tokens.length;
    const s = client.stats.get(kind);
    console.log(
      `${kind.padEnd(8)} ${tokens.length} calls one at a time: ${wall.toFixed(2)} ms each (p50 ${fmt(percentile(s.times, 50))}, p99 ${fmt(percentile(s.times, 99))}), server CPU ${cpu.toFixed(2)} ms per call${Number.isNaN(db) ? '' : `, PostgreSQL CPU ${db.toFixed(2)} ms per call`}`,
    );
    figures[kind] = { wall, cpu, db, p50: percentile(s.times, 50), p99: percentile(s.times, 99) };
  };
  await phase('start', async (i) => {
    const res = await client.call('start', 'POST', '/api/test/prelims/initialize', tokens[i], {
      testId: testDocumentId,
    });
    attempts[i] = res.json?.data;
    return res;
  });
  await phase('save', (i) =>
    client.call(
      'save',
      'PUT',
      // With sections in fixed order the start gives the first section's answers only.
      `/api/answers/${attempts[i].answers[i % attempts[i].answers.length].documentId}`,
      tokens[i],
      {
        data: {
          selected_answer: CHOICES[i % 4],
          revision: 1,
          ...(Math.random() < eventsShareOf ? { events: someEvents() } : {}),
        },
      },
    ),
  );
  if (delivery) {
    // "Next section", then a save in section 2 (the move's answer gives its answers).
    await phase('move', async (i) => {
      const res = await client.call('move', 'POST', '/api/test/prelims/section', tokens[i], {
        attemptId: attempts[i].attempt.documentId,
        section: 1,
      });
      if (res.status === 200) attempts[i] = applySection(attempts[i], res.json.data);
      return res;
    });
    // What the player asks at a section's end (the move without a section: no move).
    await phase('follow', (i) =>
      client.call('follow', 'POST', '/api/test/prelims/section', tokens[i], {
        attemptId: attempts[i].attempt.documentId,
      }),
    );
    await phase('read', (i) =>
      client.call(
        'read',
        'GET',
        `/api/test/prelims/attempts/${attempts[i].attempt.documentId}`,
        tokens[i],
      ),
    );
    await phase('save 2', (i) => {
      const second = attempts[i].answers.filter((a) => a.section === 1);
      return client.call(
        'save 2',
        'PUT',
        `/api/answers/${second[i % second.length].documentId}`,
        tokens[i],
        { data: { selected_answer: CHOICES[i % 4], revision: 1 } },
      );
    });
  }
  await phase('submit', (i) =>
    submitUntilMarked(client, tokens[i], {
      attemptId: attempts[i].attempt.documentId,
      ...(eventsShareOf > 0 ? { events: someEvents().slice(0, 1) } : {}),
    }),
  );
  return figures;
}

let failed = false;
const check = (outcome, n) => {
  if (outcome.lost > 0 || outcome.results !== n || (outcome.errors ?? 0) > 0) failed = true;
};
for (const n of LEARNERS) {
  if (COMPARE) {
    const plain = await runOnce(n, false);
    const delivered = await runOnce(n, true);
    check(plain, n);
    check(delivered, n);
    printComparison(plain, delivered, SERIAL);
  } else {
    check(await runOnce(n, DELIVERY), n);
  }
}
console.log(
  `\nserver: ${serverDir} (${deploymentLabel()}); log level ${LOG_LEVEL}; requests in flight at most: ${CONCURRENCY_OPTION || 'one per learner'}`,
);
process.exit(failed ? 1 : 0);
