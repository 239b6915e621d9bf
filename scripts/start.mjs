#!/usr/bin/env node
// The one command that starts the whole product.
//   npm start        build the SPA (when its sources changed) and start Strapi serving it and /api
//                    on one origin: http://127.0.0.1:1337
//   npm run dev      Strapi plus Vite's dev server (hot reload), /api proxied: http://127.0.0.1:5173
// On first start it writes an untracked .env with fresh secrets, and the backend fills an empty
// database with a demo institute. ENV_FILE points at another env file (the e2e tests use one).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEnvFile } from './lib/env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const envFile = path.resolve(root, process.env.ENV_FILE || '.env');
const distDir = path.join(root, 'dist');
const children = [];

function log(message) {
  process.stdout.write(`[start] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
}

for (const dir of [path.join(root, 'node_modules'), path.join(root, 'server', 'node_modules')]) {
  if (!existsSync(dir))
    fail(`${path.relative(root, dir)} is missing: run \`npm run setup\` first.`);
}

const { vars, created } = ensureEnvFile(envFile);
if (created.length > 0) log(`wrote ${created.length} generated secrets to ${envFile}`);

// Variables already set in the shell win over the file, as with any .env loader.
const env = { ...vars, ...process.env };
const host = env.HOST || '127.0.0.1';
const port = Number(env.PORT || 1337);
const apiOrigin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
env.HOST = host;
env.PORT = String(port);
env.NODE_ENV = env.NODE_ENV || (dev ? 'development' : 'production');
// Strapi's banner invites you to its admin panel, which the portal does not serve by default.
env.LOG_STARTUP_BANNER = env.LOG_STARTUP_BANNER || 'false';
// The demo institute is for local use: filled by default on the embedded SQLite database only.
env.SEED_DEMO = env.SEED_DEMO || (env.DATABASE_CLIENT === 'postgres' ? 'false' : 'true');

function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env, ...options });
  children.push(child);
  return child;
}

function runToEnd(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = run(command, args, options);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** The SPA is rebuilt when its sources or its build-time variables changed. */
async function buildSpaIfStale() {
  const stampFile = path.join(distDir, '.build-stamp');
  const viteVars = Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${env[name]}`)
    .join('\n');
  const stamp = createHash('sha256').update(viteVars).digest('hex');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
  const sourcesTime = Math.max(...sources.map((name) => newestMtime(path.join(root, name))));
  const fresh =
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === stamp &&
    statSync(stampFile).mtimeMs >= sourcesTime;
  if (fresh) {
    log('the SPA build is up to date');
    return;
  }
  log('building the SPA (vite build)…');
  await runToEnd(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
  });
  // The Meeting SDK must stay out of the first visit (issue 21): checked from the build's manifest.
  await runToEnd(process.execPath, [path.join(root, 'scripts/check-zoom-chunk.mjs')], {
    cwd: root,
  });
  // The sign-in page's JavaScript stays within its budget (issue 25): from the same manifest.
  await runToEnd(process.execPath, [path.join(root, 'scripts/check-first-visit.mjs')], {
    cwd: root,
  });
  writeFileSync(stampFile, stamp);
}

async function waitForServer(url, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the backend did not answer at ${url} within ${timeoutMs / 1000} s`);
}

function printWelcome(url) {
  const lines = [
    '',
    `  Learning portal is running at ${url}`,
    '',
    `  API:        ${apiOrigin}/api   (GraphQL at /api/graphql)`,
    `  Database:   ${env.DATABASE_CLIENT === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : path.resolve(root, 'server', env.DATABASE_FILENAME || '.tmp/data.db')}`,
  ];
  if ((env.EMAIL_PROVIDER || 'outbox') === 'outbox') {
    const outbox = path.resolve(root, 'server', env.EMAIL_OUTBOX_DIR || '.tmp/outbox');
    lines.push(`  Email:      written as files to ${outbox} (EMAIL_PROVIDER=outbox)`);
  }
  const demoFile = path.join(root, 'server', 'src', 'bootstrap', 'demo-accounts.json');
  if (env.SEED_DEMO !== 'false' && existsSync(demoFile)) {
    const accounts = Object.values(JSON.parse(readFileSync(demoFile, 'utf8')));
    lines.push('', '  Demo sign-ins (created on the first start):');
    for (const account of accounts) {
      lines.push(`    ${account.label.padEnd(14)} ${account.email.padEnd(24)} ${account.password}`);
    }
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

function stopAll(signal = 'SIGTERM') {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

async function main() {
  if (!dev) {
    await buildSpaIfStale();
    env.SPA_DIST_DIR = distDir;
  }
  log(`starting the backend (Strapi) on ${apiOrigin}…`);
  const server = run(process.execPath, ['scripts/serve.mjs'], { cwd: path.join(root, 'server') });
  server.on('exit', (code, signal) => {
    stopAll();
    process.exit(signal ? 0 : (code ?? 1));
  });
  await waitForServer(`${apiOrigin}/_health`, 180_000);

  if (dev) {
    const devPort = Number(env.VITE_DEV_PORT || 5173);
    const vite = run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
      cwd: root,
      env: { ...env, API_PROXY_TARGET: apiOrigin, NODE_ENV: 'development' },
    });
    vite.on('exit', () => stopAll());
    await waitForServer(`http://127.0.0.1:${devPort}/`, 60_000);
    printWelcome(`http://127.0.0.1:${devPort}`);
  } else {
    printWelcome(apiOrigin);
  }
}

main().catch((error) => {
  process.stderr.write(`[start] ${error.message}\n`);
  stopAll();
  process.exit(1);
});
