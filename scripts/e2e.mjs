#!/usr/bin/env node
// Runs the Playwright end-to-end tests against the real stack, started the way a user starts it
// (`node scripts/start.mjs`), on a throw-away SQLite database, env file and port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const env = {
  ...process.env,
  ENV_FILE: path.join(workDir, '.env'),
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: path.join(workDir, 'e2e.db'),
  HOST: '127.0.0.1',
  PORT: String(port),
  SEED_DEMO: 'true',
  // Development email: the tests read the reset links from this outbox.
  EMAIL_PROVIDER: 'outbox',
  EMAIL_OUTBOX_DIR: path.join(workDir, 'outbox'),
  E2E_OUTBOX_DIR: path.join(workDir, 'outbox'),
  // Test values, not real Zoom credentials: they only let the server sign a Meeting SDK JWT for the
  // live-classes journey, whose browser blocks every Zoom address (the SDK never reaches Zoom).
  ZOOM_SDK_KEY: 'e2e-test-sdk-key',
  ZOOM_SDK_SECRET: 'e2e-test-sdk-secret-not-a-real-one',
  E2E_BASE_URL: `http://127.0.0.1:${port}`,
};

const args = ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)];
const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
child.on('exit', (code) => {
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
