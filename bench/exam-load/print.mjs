// The exam bench's printing helpers (run.mjs): the servers' own times from their request logs, the
// per-second timeline, the SQLite statement table, the same-run comparison, and the deployment's
// figures (CPU per start / save / submit, peak memory, the raw baselines).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fmt, percentile } from './lib.mjs';

/**
 * The server's own time per exam call, from its request log ("PUT /api/answers/… (12 ms) 200"):
 * from the moment the server read the request to its answer. The client's figures add the time a
 * request waited to be read (the server busy with others) and the network.
 */
export function printServerTimes(logFiles) {
  const kinds = [
    ['start', /^POST \/api\/test\/prelims\/initialize$/],
    ['save', /^PUT \/api\/answers\//],
    ['submit', /^POST \/api\/test\/prelims\/submit$/],
    ['section move', /^POST \/api\/test\/prelims\/section$/],
    ['re-read', /^GET \/api\/test\/prelims\/attempts\/[^/]+$/],
  ];
  const times = new Map(kinds.map(([k]) => [k, []]));
  const lines = logFiles.flatMap((file) => readFileSync(file, 'utf8').split('\n'));
  for (const line of lines) {
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
export function printTimeline(sent, from) {
  const seconds = new Map();
  for (const [kind, at, ms] of sent) {
    if (at < from) continue;
    const second = Math.floor((at - from) / 1000);
    const s = seconds.get(second) ?? { save: [], start: 0, submit: 0, startMax: NaN };
    if (kind.startsWith('save')) s.save.push(ms);
    else if (kind === 'start' || kind === 'submit') s[kind] += 1;
    if (kind === 'start') s.startMax = Number.isNaN(s.startMax) ? ms : Math.max(s.startMax, ms);
    seconds.set(second, s);
  }
  console.log(
    `second  starts  submits  saves  save p50  save p99  save max  start max (by when sent; second 0 = ${new Date(performance.timeOrigin + from).toISOString()})`,
  );
  for (const [second, s] of [...seconds].sort((a, b) => a[0] - b[0])) {
    console.log(
      `${String(second).padStart(6)} ${String(s.start).padStart(7)} ${String(s.submit).padStart(8)} ${String(s.save.length).padStart(6)} ${fmt(percentile(s.save, 50)).padStart(9)} ${fmt(percentile(s.save, 99)).padStart(9)} ${fmt(s.save.length ? Math.max(...s.save) : NaN).padStart(9)} ${fmt(s.startMax).padStart(10)}`,
    );
  }
}

/** The statements that took the most SQLite time (written by the server at exit). */
export function printQueryStats(file) {
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

export const loadAfterLabel = (l) => l.map((x) => x.toFixed(2)).join(' ');

/** --compare-delivery: the two runs of one N side by side. */
export function printComparison(plain, delivered, SERIAL) {
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

/**
 * The deployment's figures of one run. CPU per start / save / submit, summed over the server
 * processes, by phase (the calls overlap, so each is an estimate): a save's CPU is the steady
 * phase's (every start answered, no submit sent yet) divided by its saves; a start's is the
 * starting phase's CPU less its saves' share, per learner; a submit's likewise from the first
 * submit sent to the end. Background work (timers, the sweep) is counted in the phases too.
 */
/** CPU per start / save / submit from one set of phase marks (see printDeployment). */
function perCall(cpu, saves, n) {
  const steadySaves = (saves.beforeSubmits ?? saves.all) - saves.duringStarts;
  const steadyCpu = (cpu.firstSubmit?.cpu ?? cpu.after) - cpu.afterStarts;
  const perSave = steadySaves > 0 ? steadyCpu / steadySaves : NaN;
  const savesOr0 = (count) => (Number.isNaN(perSave) ? 0 : count * perSave);
  const perStart = (cpu.afterStarts - cpu.before - savesOr0(saves.duringStarts)) / n;
  const perSubmit = cpu.firstSubmit
    ? (cpu.after - cpu.firstSubmit.cpu - savesOr0(saves.all - cpu.firstSubmit.saves)) / n
    : NaN;
  return { perStart, perSave, perSubmit, steadySaves };
}

export function printDeployment(f) {
  const { saves, n } = f;
  const { perStart, perSave, perSubmit, steadySaves } = perCall(f.cpu, saves, n);
  console.log(`deployment: ${f.deployment}`);
  console.log(
    `server CPU (all processes) per call, by phase: start ${fmt(perStart)} ms, save ${perSave.toFixed(2)} ms (${steadySaves} saves in the steady phase), submit ${fmt(perSubmit)} ms; ${f.direct ? `balancer CPU ${f.balancerCpu.toFixed(0)} ms in the exam phase (${((f.balancerCpu / f.requests) * 1000).toFixed(0)} µs per request)` : 'no balancer'}`,
  );
  if (f.db && !Number.isNaN(f.db.before)) {
    const db = perCall(f.db, saves, n);
    console.log(
      `PostgreSQL CPU (its processes, read in /proc) per call, by phase: start ${fmt(db.perStart)} ms, save ${db.perSave.toFixed(2)} ms, submit ${fmt(db.perSubmit)} ms; ${((f.db.after - f.db.before) / 1000).toFixed(1)} s in the exam phase`,
    );
  }
  console.log(
    `peak memory (VmHWM): ${f.memory.map(([label, mb]) => `${label} ${mb.toFixed(0)} MB`).join('; ')}`,
  );
  const pp = (s) =>
    s ? `p50 ${fmt(percentile(s.times, 50))} / p99 ${fmt(percentile(s.times, 99))} ms` : '-';
  console.log(
    `baseline (same run, before the exam): GET /_health${f.direct ? ' through the balancer' : ''} ${f.health.rps.toFixed(0)} requests/s (${pp(f.healthStats)})${f.direct ? `; one process direct ${f.direct.rps.toFixed(0)} requests/s (${pp(f.direct.stats)})` : ''}; database SELECT 1 alone ${f.dbBaseline.rate.toFixed(0)}/s (p50 ${f.dbBaseline.p50.toFixed(3)} / p99 ${f.dbBaseline.p99.toFixed(3)} ms)`,
  );
}
