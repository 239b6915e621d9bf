#!/usr/bin/env node
// `npm test`: every check, as before, but not one after the other (docs/decisions.md, "CI time").
// The server's TypeScript is compiled first, once (the server tests and the end-to-end server both
// run server/dist). On a two-core CI machine the SPA tests keep one core busy while the server
// tests boot Strapi children two files at a time, so the two suites run side by side; the
// end-to-end tests come last, alone, because they drive a real browser against a real server with
// timeouts (run beside the others, they slowed everything: the machine is CPU-bound).
//   build:server, then   lane 1: lint → typecheck → test:spa   lane 2: test:server
//   then, when both passed: test:e2e
// Each step is an npm script and can still be run on its own. Output is never interleaved: one
// running step at a time writes to the terminal live; the others are held and printed whole, with
// a header, as soon as the terminal is free. The exit code is non-zero when any step failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const first = 'build:server';
const lanes = [['lint', 'typecheck', 'test:spa'], ['test:server']];
const last = 'test:e2e';

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const children = new Set();
const results = [];

/** Who writes to the terminal now; every other running or finished step waits in `held`. */
let owner = null;
const held = [];

function write(text) {
  process.stdout.write(text);
}

function claimTerminal() {
  while (!owner && held.length > 0) {
    const step = held.shift();
    write(step.chunks.join(''));
    step.chunks = [];
    if (step.done) write(step.footer);
    else owner = step;
  }
}

function runStep(name) {
  return new Promise((resolve) => {
    const step = { name, chunks: [], done: false, footer: '' };
    const begin = Date.now();
    step.chunks.push(`\n[test] ── npm run ${name} ──\n`);
    held.push(step);
    claimTerminal();
    const child = spawn('npm', ['run', name], {
      cwd: root,
      env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    const take = (data) => {
      if (owner === step) write(data.toString());
      else step.chunks.push(data.toString());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => take(`[test] could not run npm run ${name}: ${error.message}\n`));
    child.on('close', (code, signal) => {
      children.delete(child);
      const ms = Date.now() - begin;
      const ok = code === 0;
      results.push({ name, ok, ms });
      step.done = true;
      step.footer = `[test] ── npm run ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(ms)} ──\n`;
      if (owner === step) {
        write(step.footer);
        owner = null;
      }
      claimTerminal();
      resolve(ok);
    });
  });
}

/** Runs a lane's steps in order and stops at its first failure, as `a && b && c` did. */
async function runLane(names) {
  for (const name of names) {
    if (!(await runStep(name))) return false;
  }
  return true;
}

function stopAll(signal) {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
  process.exit(1);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

const firstOk = await runStep(first);
const lanesOk = firstOk && (await Promise.all(lanes.map(runLane))).every(Boolean);
if (lanesOk) await runStep(last);

const failed = results.filter((r) => !r.ok).map((r) => r.name);
write('\n[test] summary\n');
for (const { name, ok, ms } of results) {
  write(`[test]   ${ok ? 'passed' : 'FAILED'}  ${name.padEnd(10)} ${seconds(ms)}\n`);
}
if (!lanesOk) write(`[test]   not run ${last} (an earlier step failed)\n`);
write(`[test] total ${seconds(Date.now() - started)}\n`);
process.exit(failed.length === 0 && lanesOk ? 0 : 1);
