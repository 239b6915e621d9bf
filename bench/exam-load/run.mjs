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
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { serverDir, startServer } from '../../server/tests/helpers/server.mjs';
import {
  CHOICES,
  QUESTIONS,
  cpuMs,
  fmt,
  makeClient,
  percentile,
  seed,
  signJwt,
  sleep,
  watchHost,
} from './lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
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
    `\n=== ${n} learners, ${label}; load average ${loadAfterLabel(loadavg())}: booting the production server on a throw-away SQLite file`,
  );
  const server = await startServer({
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
    const db = server.database();
    const t0 = Date.now();
    const { userIds, testId, testDocumentId } = seed(db, n, {
      delivery: delivery ? firstSection() : null,
    });
    console.log(`seeded ${n} learners and a ${QUESTIONS}-question test in ${Date.now() - t0} ms`);
    const tokens = userIds.map((id) => signJwt(id, server.env.JWT_SECRET));
    const client = makeClient(server.baseUrl, CONCURRENCY_OPTION ? Number(CONCURRENCY_OPTION) : n, {
      timeline: TIMELINE,
    });
    const me = await client.call('check', 'GET', '/api/users/me', tokens[0]);
    if (me.status !== 200) throw new Error(`a signed token is refused: ${me.status}`);

    const baselines = [
      await baseline(client, '/_health', tokens, 5),
      await baseline(client, '/api/users/me', tokens, 5),
    ];

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
      const done = await client.call('submit', 'POST', '/api/test/prelims/submit', token, {
        attemptId: attempt.documentId,
        ...(EVENTS_SHARE > 0 ? { events: someEvents().slice(0, 1) } : {}),
      });
      if (done.status === 200) results += 1;
    };
    const requestsBefore = client.requests;
    const cpuBefore = cpuMs(server.pid);
    const clientCpuBefore = process.cpuUsage();
    let cpuAfterStarts = NaN;
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
      cpuAfterStarts = cpuMs(server.pid);
    })();
    await Promise.all(learners);
    clearInterval(lagTimer);
    const hostLate = await host.stop();
    await watchStarts;
    const cpuAfter = cpuMs(server.pid);

    const elapsed = (Date.now() - phaseStart) / 1000;
    const requests = client.requests - requestsBefore;

    // The check: every acknowledged save is in the database; one result per learner.
    const stored = db
      .prepare(
        `SELECT a.document_id, a.selected_answer, a.revision FROM answers a
         JOIN answers_test_lnk l ON l.answer_id = a.id WHERE l.test_id = ?`,
      )
      .all(testId);
    const byId = new Map(stored.map((r) => [r.document_id, r]));
    let lost = 0;
    for (const [id, { revision, value }] of acked) {
      const row = byId.get(id);
      if (!row || Number(row.revision) < revision) lost += 1;
      else if (Number(row.revision) === revision && row.selected_answer !== value) lost += 1;
    }
    const resultRows = db
      .prepare('SELECT COUNT(*) AS n FROM results_test_lnk WHERE test_id = ?')
      .get(testId).n;

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
    if (LOG_LEVEL === 'http') printServerTimes(server.logFile);
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
    const secondSection = delivery
      ? db
          .prepare(
            `SELECT COUNT(*) AS n FROM answers a JOIN answers_test_lnk l ON l.answer_id = a.id
             WHERE l.test_id = ? AND a.section = 1 AND a.revision > 0`,
          )
          .get(testId).n
      : 0;
    if (delivery) {
      // The delivery really was on: attempts with a shuffle seed and a section plan, and the
      // integrity events stored (app_attempt_events, one row per event).
      const shaped = db
        .prepare(
          `SELECT COUNT(*) AS n FROM attempts a JOIN attempts_test_lnk l ON l.attempt_id = a.id
           WHERE l.test_id = ? AND a.shuffle_seed IS NOT NULL AND a.section_plan IS NOT NULL`,
        )
        .get(testId).n;
      const logged = db.prepare('SELECT COUNT(*) AS n FROM app_attempt_events').get().n;
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
    const kinds = ['start', 'save (all)', 'submit', 'section move (clock)', 'section move (next)'];
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
    const cpu0 = cpuMs(server.pid);
    const t0 = performance.now();
    for (let i = 0; i < tokens.length; i += 1) {
      const res = await call(i);
      if (res.status < 200 || res.status >= 300) throw new Error(`${kind} ${i}: ${res.status}`);
    }
    const wall = (performance.now() - t0) / tokens.length;
    const cpu = (cpuMs(server.pid) - cpu0) / tokens.length;
    const s = client.stats.get(kind);
    console.log(
      `${kind.padEnd(8)} ${tokens.length} calls one at a time: ${wall.toFixed(2)} ms each (p50 ${fmt(percentile(s.times, 50))}, p99 ${fmt(percentile(s.times, 99))}), server CPU ${cpu.toFixed(2)} ms per call`,
    );
    figures[kind] = { wall, cpu, p50: percentile(s.times, 50), p99: percentile(s.times, 99) };
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
    client.call('submit', 'POST', '/api/test/prelims/submit', tokens[i], {
      attemptId: attempts[i].attempt.documentId,
      ...(eventsShareOf > 0 ? { events: someEvents().slice(0, 1) } : {}),
    }),
  );
  return figures;
}

/**
 * The server's own time per exam call, from its request log ("PUT /api/answers/… (12 ms) 200"):
 * from the moment the server read the request to its answer. The client's figures add the time a
 * request waited to be read (the server busy with others) and the network.
 */
function printServerTimes(logFile) {
  const kinds = [
    ['start', /^POST \/api\/test\/prelims\/initialize$/],
    ['save', /^PUT \/api\/answers\//],
    ['submit', /^POST \/api\/test\/prelims\/submit$/],
    ['section move', /^POST \/api\/test\/prelims\/section$/],
    ['re-read', /^GET \/api\/test\/prelims\/attempts\/[^/]+$/],
  ];
  const times = new Map(kinds.map(([k]) => [k, []]));
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const m = / ((?:POST|PUT|GET) \S+) \((\d+) ms\) \d+/.exec(line);
    if (!m) continue;
    const kind = kinds.find(([, re]) => re.test(m[1]));
    if (kind) times.get(kind[0]).push(Number(m[2]));
  }
  const parts = [...times].map(
    ([k, t]) => `${k} ${fmt(percentile(t, 50))} / ${fmt(percentile(t, 99))} ms (${t.length})`,
  );
  console.log(`server-side p50 / p99 (request log): ${parts.join('; ')}`);
}

/** --timeline: per second of the exam phase, the calls sent by kind and the saves' p99 then. */
function printTimeline(sent, from) {
  const seconds = new Map();
  for (const [kind, at, ms] of sent) {
    if (at < from) continue;
    const second = Math.floor((at - from) / 1000);
    const s = seconds.get(second) ?? { save: [], start: 0, submit: 0 };
    if (kind.startsWith('save')) s.save.push(ms);
    else if (kind === 'start' || kind === 'submit') s[kind] += 1;
    seconds.set(second, s);
  }
  console.log(
    `second  starts  submits  saves  save p50  save p99  save max (by when sent; second 0 = ${new Date(performance.timeOrigin + from).toISOString()})`,
  );
  for (const [second, s] of [...seconds].sort((a, b) => a[0] - b[0])) {
    console.log(
      `${String(second).padStart(6)} ${String(s.start).padStart(7)} ${String(s.submit).padStart(8)} ${String(s.save.length).padStart(6)} ${fmt(percentile(s.save, 50)).padStart(9)} ${fmt(percentile(s.save, 99)).padStart(9)} ${fmt(s.save.length ? Math.max(...s.save) : NaN).padStart(9)}`,
    );
  }
}

/** The statements that took the most SQLite time (written by the server at exit). */
function printQueryStats(file) {
  const rows = JSON.parse(readFileSync(file, 'utf8'));
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  console.log(`SQLite time by statement (${(total / 1000).toFixed(1)} s in all):`);
  for (const r of rows.slice(0, 15)) {
    const per = r.calls ? (r.ms / r.calls).toFixed(3) : '-';
    console.log(
      `${String(r.ms).padStart(8)} ms ${String(r.calls).padStart(8)} calls ${per.padStart(8)} ms, max ${String(r.max).padStart(5)} ms  ${r.sql.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
}

const loadAfterLabel = (l) => l.map((x) => x.toFixed(2)).join(' ');

/** --compare-delivery: the two runs of one N side by side. */
function printComparison(plain, delivered) {
  const col = (text) => String(text).padStart(24);
  const pp = (f) => (f ? `${fmt(f.p50)} / ${fmt(f.p99)}` : '-');
  console.log(`\n=== same-run comparison, ${plain.n} learners${SERIAL ? ' (serial)' : ''}`);
  console.log(`${'figure'.padEnd(34)}${col('plain')}${col('with delivery')}`);
  const line = (name, a, b) => console.log(`${name.padEnd(34)}${col(a)}${col(b)}`);
  if (SERIAL) {
    for (const kind of ['start', 'save', 'move', 'follow', 'read', 'save 2', 'submit']) {
      const a = plain.serial[kind];
      const b = delivered.serial[kind];
      line(`${kind} p50 / p99 ms`, pp(a), pp(b));
      line(
        `${kind} server CPU ms per call`,
        a ? a.cpu.toFixed(2) : '-',
        b ? b.cpu.toFixed(2) : '-',
      );
    }
  } else {
    for (const kind of [
      'save (all)',
      'section move (clock)',
      'section move (next)',
      'submit',
      'start',
    ]) {
      const a = plain.rows[kind];
      const b = delivered.rows[kind];
      line(`${kind} p50 / p99 ms`, a.count ? pp(a) : '-', b.count ? pp(b) : '-');
      line(`${kind} count`, a.count, b.count);
    }
    line('errors', plain.errors, delivered.errors);
    line('refused by section rule (409)', plain.refused, delivered.refused);
    line('answers saved in section 2', '-', delivered.secondSection);
    line(
      'acknowledged answers / lost',
      `${plain.acked} / ${plain.lost}`,
      `${delivered.acked} / ${delivered.lost}`,
    );
    line('server CPU s (exam phase)', plain.cpuS.toFixed(1), delivered.cpuS.toFixed(1));
    line(
      'server CPU ms per request',
      plain.cpuPerRequest.toFixed(2),
      delivered.cpuPerRequest.toFixed(2),
    );
    line(
      'server CPU ms per learner (starts)',
      plain.cpuStartsPerLearner.toFixed(1),
      delivered.cpuStartsPerLearner.toFixed(1),
    );
  }
  if (!SERIAL) {
    // The machine's state during each run: the same server's bare throughput before the exam and
    // the idle process's late timers during it (a busy neighbour shows in both).
    line(
      'GET /_health alone, requests/s',
      plain.healthRps.toFixed(0),
      delivered.healthRps.toFixed(0),
    );
    line('host timer late > 50 ms (times)', plain.hostLate, delivered.hostLate);
  }
  line('results', `${plain.results}/${plain.n}`, `${delivered.results}/${delivered.n}`);
  line('load average (1 min) start → end', plain.load, delivered.load);
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
    printComparison(plain, delivered);
  } else {
    check(await runOnce(n, DELIVERY), n);
  }
}
console.log(
  `\nserver: ${serverDir}; log level ${LOG_LEVEL}; requests in flight at most: ${CONCURRENCY_OPTION || 'one per learner'}`,
);
process.exit(failed ? 1 : 0);
