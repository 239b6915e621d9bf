#!/usr/bin/env node
// Lighthouse performance scores (issue 25: at least 95) of the sign-in page and of a learner's
// courses list, measured with the `lighthouse` npm package (12.2.3; 13 needs Node 22) driving
// Debian's /usr/bin/chromium headless.
//
//   npm i -E -D lighthouse@12.2.3            (once; not installed by default)
//   node bench/lighthouse.mjs [--url http://127.0.0.1:1337] [--runs 3] [--preset mobile|desktop]
//        [--account student1] [--chrome /usr/bin/chromium] [--save folder]
//
// Without --url the stack is started as a user starts it (scripts/start.mjs: production SPA
// build, then Strapi serving it) on a throw-away SQLite database, env file and port with the demo
// accounts, and stopped at the end (as scripts/e2e.mjs does). The courses list needs a signed-in
// learner: the script signs in through the sign-in page itself (puppeteer-core, which lighthouse
// depends on, connected to the same browser), then audits /course with the browser's storage kept
// (`disableStorageReset`), so the stored session is the one a returning learner has.
// Each page is audited --runs times (default 3); the median score is printed with each run's.
// `--preset mobile` (default) is Lighthouse's default: a mid-range phone on a throttled 4G
// network (simulated); `--preset desktop` is its desktop configuration.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', '3'));
const PRESET = option('preset', 'mobile');
const CHROME = option('chrome', '/usr/bin/chromium');
const ACCOUNT = option('account', 'student1');
/** A folder to keep each run's full report (JSON) in, for reading its audits afterwards. */
const SAVE = option('save', null);
if (!['mobile', 'desktop'].includes(PRESET)) throw new Error('--preset: mobile or desktop');

let lighthouse;
let chromeLauncher;
let puppeteer;
try {
  lighthouse = (await import('lighthouse')).default;
  chromeLauncher = await import('chrome-launcher');
  puppeteer = (await import('puppeteer-core')).default;
} catch {
  console.error('lighthouse is not installed: run `npm i -E -D lighthouse@12.2.3` first.');
  process.exit(2);
}
const config =
  PRESET === 'desktop'
    ? (await import('lighthouse/core/config/desktop-config.js')).default
    : undefined;

const demo = JSON.parse(
  readFileSync(path.join(root, 'server/src/bootstrap/demo-accounts.json'), 'utf8'),
)[ACCOUNT];
if (!demo) throw new Error(`--account ${ACCOUNT}: not a demo account`);

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The stack on a throw-away database (scripts/start.mjs), ready; or null with --url. */
async function startStack() {
  const port = await freePort();
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ENV_FILE: path.join(workDir, '.env'),
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(workDir, 'bench.db'),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      EMAIL_PROVIDER: 'outbox',
      EMAIL_OUTBOX_DIR: path.join(workDir, 'outbox'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('the stack stopped before it was ready');
    try {
      if ((await fetch(`${url}/auth/login`)).status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 300_000) throw new Error('the stack was not ready in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    url,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

const given = option('url', '');
const stack = given ? null : await startStack();
const base = given || stack.url;
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

/** One Lighthouse run of `url` (storage kept when `keepStorage`): its performance score. */
async function audit(url, keepStorage) {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: keepStorage,
    },
    config,
  );
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    writeFileSync(path.join(SAVE, name), JSON.stringify(lhr));
  }
  const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    finalUrl: lhr.finalDisplayedUrl,
    detail: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
  };
}

/** Signs the demo learner in through the sign-in page, in the same browser. */
async function signIn() {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle0' });
  await page.type('input[name="email"]', demo.email);
  await page.type('input[name="password"]', demo.password);
  await Promise.all([
    page.waitForFunction(() => !globalThis.location.pathname.startsWith('/auth/'), {
      timeout: 60_000,
    }),
    page.click('button[type="submit"]'),
  ]);
  await page.close();
  await browser.disconnect();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let failed = false;
try {
  const pages = [
    { name: 'sign-in page', path: '/auth/login', signedIn: false },
    { name: 'courses list', path: '/course', signedIn: true },
  ];
  console.log(`Lighthouse ${PRESET} performance, ${RUNS} run(s) per page, ${base}`);
  for (const page of pages) {
    if (page.signedIn) await signIn();
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${base}${page.path}`, page.signedIn));
    const score = median(runs.map((r) => r.score));
    if (score < 95) failed = true;
    console.log(
      `${page.name.padEnd(14)} ${String(score).padStart(3)}  (runs: ${runs.map((r) => r.score).join(', ')}; last: ${runs.at(-1).detail}; ended at ${runs.at(-1).finalUrl})`,
    );
  }
  console.log(`Target: at least 95 on both -> ${failed ? 'NOT MET' : 'MET'}`);
} finally {
  chrome.kill();
  stack?.stop();
}
process.exit(failed ? 1 : 0);
