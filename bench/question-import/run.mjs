#!/usr/bin/env node
// Question import bench (issue 26): 10,000 questions in each file format the question bank takes
// (the .xlsx template, Moodle XML, GIFT, Aiken), mixed types (single and several correct,
// true/false, numeric with a tolerance and a unit, descriptive; Aiken holds single-correct only)
// with LaTeX maths in half of them, imported into the question pool through the real HTTP calls
// (POST /api/questionPool-import with preview=true, then without) on a throw-away production
// server (the API tests' startServer, demo data, SQLite). Meanwhile one examinee with an open
// attempt saves an answer every --save-every ms (bench/exam-load/examinee.mjs, as
// bench/security-load does); the saves are reported per phase against a baseline phase with no
// import, before the imports and after them, in the same run.
//
// A file above the import's 5,000-question limit is refused by the server: the bench first sends
// the whole 10,000-question file (preview) and prints the answer, then imports the same questions
// as files of --chunk questions (default the limit), preview then commit for each, and prints the
// summed times. Each format's questions have their own text, so nothing is a duplicate.
//
//   node bench/question-import/run.mjs [--questions 10000] [--chunk 5000] [--save-every 100]
//        [--baseline 15] [--formats xlsx,moodle,gift,aiken]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEMO, startServer } from '../../server/tests/helpers/server.mjs';
import { makeClient, seed, signJwt, sleep, watchHost } from '../exam-load/lib.mjs';
import { phaseSaves, saveCells, SAVE_COLUMNS, steadyExaminee } from '../exam-load/examinee.mjs';
import { FILE_NAMES, questionFile } from './files.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const QUESTIONS = Number(option('questions', '10000'));
const CHUNK = Number(option('chunk', '5000'));
const SAVE_EVERY_MS = Number(option('save-every', '100'));
const BASELINE_S = Number(option('baseline', '15'));
const FORMATS = option('formats', 'xlsx,moodle,gift,aiken').split(',');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** One import call (preview or commit) of `file`; its status, time and answer. */
async function post(server, token, format, file, preview) {
  const form = new FormData();
  form.append('file', new Blob([file]), FILE_NAMES[format]);
  if (preview) form.append('preview', 'true');
  const t = performance.now();
  const res = await fetch(`${server.baseUrl}/api/questionPool-import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  const ms = performance.now() - t;
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, ms, json, text };
}

const errorOf = (answer) => answer.json?.error?.message ?? answer.text.slice(0, 200);

async function main() {
  console.log(`load average before: ${load()}`);
  console.log('booting the production server on a throw-away SQLite file (demo data seeded)');
  const server = await startServer({
    extraEnv: { NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  });
  const rows = [];
  let failed = false;
  try {
    const db = server.database();
    const { userIds, testDocumentId } = seed(db, 1);
    const admin = db.prepare('SELECT id FROM up_users WHERE email = ?').get(DEMO.admin.email);
    const learnerToken = signJwt(userIds[0], server.env.JWT_SECRET);
    const adminToken = signJwt(admin.id, server.env.JWT_SECRET);

    const files = {};
    for (const format of FORMATS) {
      const t = performance.now();
      const whole = await questionFile(format, 0, QUESTIONS);
      const chunks = [];
      for (let from = 0; from < QUESTIONS; from += CHUNK) {
        chunks.push(await questionFile(format, from, Math.min(CHUNK, QUESTIONS - from)));
      }
      files[format] = { whole, chunks };
      console.log(
        `${format}: ${QUESTIONS} questions, ${(whole.length / 1e6).toFixed(2)} MB (made in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
      );
    }

    const client = makeClient(server.baseUrl, 16);
    const started = await client.call(
      'start',
      'POST',
      '/api/test/prelims/initialize',
      learnerToken,
      { testId: testDocumentId },
    );
    if (started.status !== 201 && started.status !== 200) {
      throw new Error(`the examinee's start answered ${started.status}`);
    }
    // The probes of /_health on connections of their own (see steadyExaminee).
    const probe = makeClient(server.baseUrl, 4);
    const examinee = steadyExaminee(client, {
      answers: started.json.data.answers,
      token: learnerToken,
      everyMs: SAVE_EVERY_MS,
      probe,
    });
    await sleep(2000); // warm-up: the first saves compile the fast path's statements
    const host = watchHost();
    examinee.phase = 'baseline';
    await sleep(BASELINE_S * 1000);

    for (const format of FORMATS) {
      const { whole, chunks } = files[format];
      const row = { format, mb: whole.length / 1e6, preview: 0, commit: 0, imported: 0 };
      examinee.phase = `${format} preview`;
      const all = await post(server, adminToken, format, whole, true);
      row.whole = `${all.status} in ${(all.ms / 1000).toFixed(1)} s${all.status === 200 ? '' : `: ${errorOf(all)}`}`;
      const parts = all.status === 200 ? [whole] : chunks;
      row.files = parts.length;
      for (const [index, part] of parts.entries()) {
        examinee.phase = `${format} preview`;
        const seen = part === whole ? all : await post(server, adminToken, format, part, true);
        if (seen.status !== 200) throw new Error(`${format} preview ${index}: ${errorOf(seen)}`);
        row.preview += seen.ms;
        row.accepted = (row.accepted ?? 0) + seen.json.acceptedCount;
        row.skipped = (row.skipped ?? 0) + seen.json.skippedRows.length;
        row.counts = seen.json.counts;
        if (seen.json.skippedRows.length > 0) row.firstSkipped = seen.json.skippedRows[0];
        examinee.phase = `${format} commit`;
        const done = await post(server, adminToken, format, part, false);
        if (done.status !== 200 && done.status !== 201) {
          throw new Error(`${format} commit ${index}: ${done.status} ${errorOf(done)}`);
        }
        row.commit += done.ms;
        row.imported += done.json.createdQuestions?.length ?? 0;
      }
      if (row.imported !== QUESTIONS) failed = true;
      rows.push(row);
    }
    examinee.phase = 'after';
    await sleep(BASELINE_S * 1000);
    await examinee.stop();
    const hostLate = await host.stop();
    const poolRows = db.prepare('SELECT COUNT(*) AS n FROM question_pools').get().n;

    console.log(
      `\nformat  file MB  whole file (preview)                                   files  preview s  commit s  imported  skipped`,
    );
    for (const r of rows) {
      console.log(
        `${r.format.padEnd(7)} ${r.mb.toFixed(2).padStart(7)}  ${r.whole.slice(0, 54).padEnd(54)} ${String(r.files).padStart(5)} ${(r.preview / 1000).toFixed(1).padStart(10)} ${(r.commit / 1000).toFixed(1).padStart(9)} ${String(r.imported).padStart(9)} ${String(r.skipped).padStart(8)}`,
      );
      if (r.firstSkipped) console.log(`        first skipped: ${JSON.stringify(r.firstSkipped)}`);
      console.log(`        by type: ${JSON.stringify(r.counts)} (last file)`);
    }
    console.log(`\nphase            ${SAVE_COLUMNS}`);
    const phases = [
      'baseline',
      ...FORMATS.flatMap((f) => [`${f} preview`, `${f} commit`]),
      'after',
    ];
    for (const name of phases) {
      const saves = phaseSaves(client, name, probe);
      if (saves.failed) failed = true;
      console.log(`${name.padEnd(16)} ${saveCells(saves)}`);
    }
    console.log(`\nquestion pool rows at the end: ${poolRows}`);
    // What was stored: the first question of each format (maths kept as its LaTeX source).
    const sample = db.prepare(
      'SELECT question_type, question, option_c FROM question_pools WHERE question LIKE ? LIMIT 1',
    );
    for (const format of FORMATS) {
      const q = sample.get(`${format} 0:%`);
      console.log(`stored ${format} 0: ${q ? JSON.stringify(q) : 'missing'}`);
    }
    console.log(
      `host: an idle process's 10 ms timer was late by more than 50 ms ${hostLate.filter((ms) => ms > 50).length} times, at most ${(hostLate.length ? Math.max(...hostLate) : 0).toFixed(0)} ms`,
    );
    console.log(`load average after: ${load()}`);
    client.close();
    probe.close();
  } finally {
    await server.stop();
  }
  return failed;
}

process.exit((await main()) ? 1 : 0);
