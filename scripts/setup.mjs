#!/usr/bin/env node
// `npm run setup`: installs the SPA's packages (`npm ci`) and the server's (`npm install`, see
// docs/decisions.md: its lock file cannot list other platforms' optional binaries) side by side:
// the two trees are independent, and one waits on the registry while the other unpacks. The SPA's
// output is shown live; the server's is held and shown whole when it ends. Exits non-zero when
// either install failed. Only Node's own modules here: nothing is installed yet.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function install(label, args, live) {
  return new Promise((resolve) => {
    const held = [];
    const child = spawn(npm, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const take = (data) => (live ? process.stdout.write(data) : held.push(data));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => {
      held.push(`[setup] could not run npm ${args.join(' ')}: ${error.message}\n`);
    });
    child.on('close', (code) => {
      if (!live) process.stdout.write(`\n[setup] ── ${label} ──\n${held.join('')}`);
      process.stdout.write(`[setup] ${label}: ${code === 0 ? 'done' : `FAILED (exit ${code})`}\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  install('the SPA (npm ci)', ['ci'], true),
  install(
    'the server (npm --prefix server install)',
    ['--prefix', 'server', 'install', '--no-audit', '--no-fund'],
    false,
  ),
]);
process.exit(results.every(Boolean) ? 0 : 1);
