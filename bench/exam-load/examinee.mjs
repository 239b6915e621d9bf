// One examinee saving an answer at a steady rate while something else runs (bench/security-load,
// bench/question-import): every save and a /_health probe beside it are recorded under the phase
// in force when they were sent ("save <phase>", "health <phase>" in the client's stats), so a
// phase's latency can be compared with a baseline phase of the same run.
import { performance } from 'node:perf_hooks';
import { fmt, percentile, sleep } from './lib.mjs';

/**
 * Starts saving `answers` in turn (letters a–d, a rising revision) every `everyMs`, not waiting
 * for the previous save. `phase` names what the next saves are recorded under; `stop` waits for
 * the loop and the calls still in flight. `probe`: the client the /_health probes go through
 * (default `client`; a client of its own keeps stuck saves from holding the probes' sockets, so
 * a slow probe means a busy event loop, not a full connection pool).
 */
export function steadyExaminee(client, { answers, token, everyMs, probe = client }) {
  let phase = 'warm-up';
  let revision = 0;
  let running = true;
  const inFlight = new Set();
  const loop = (async () => {
    let next = performance.now();
    while (running) {
      revision += 1;
      const answer = answers[revision % answers.length];
      const save = client.call(`save ${phase}`, 'PUT', `/api/answers/${answer.documentId}`, token, {
        data: { selected_answer: 'abcd'[revision % 4], revision },
      });
      const health = probe.call(`health ${phase}`, 'GET', '/_health');
      const both = Promise.all([save, health]);
      inFlight.add(both);
      void both.then(() => inFlight.delete(both));
      next += everyMs;
      await sleep(Math.max(0, next - performance.now()));
    }
  })();
  return {
    set phase(name) {
      phase = name;
    },
    get phase() {
      return phase;
    },
    async stop() {
      running = false;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

/** A phase's saves: count, p50, p99, max, the health probe's p99 and the failed saves. */
export function phaseSaves(client, name, probe = client) {
  const s = client.stats.get(`save ${name}`) ?? { times: [], errors: {} };
  const h = probe.stats.get(`health ${name}`) ?? { times: [], errors: {} };
  const errors =
    Object.entries(s.errors)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ') || '-';
  return {
    count: s.times.length,
    p50: percentile(s.times, 50),
    p99: percentile(s.times, 99),
    max: s.times.length ? Math.max(...s.times) : NaN,
    healthP99: percentile(h.times, 99),
    errors,
    failed: Object.keys(s.errors).length > 0,
  };
}

/** The columns of `phaseSaves`, padded for a table under `SAVE_COLUMNS`. */
export const SAVE_COLUMNS = ' saves  save p50  save p99  save max  health p99  errors  ';
export const saveCells = (p) =>
  `${String(p.count).padStart(6)} ${fmt(p.p50).padStart(9)} ${fmt(p.p99).padStart(9)} ${fmt(p.max).padStart(9)} ${fmt(p.healthP99).padStart(11)}  ${p.errors.padEnd(8)}`;
