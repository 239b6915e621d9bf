#!/usr/bin/env node
// Compiles the TypeScript app (config/ and src/ → dist/, with compileStrapi) when the sources
// changed since the last compile, then starts Strapi. The working directory is set to the server
// folder, so it can be run from anywhere: `node server/scripts/serve.mjs`.
// Environment: taken from the caller's process environment (see the README / .env.example).
// FORCE_COMPILE=true compiles even when dist/ looks up to date.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(appDir);

const require = createRequire(import.meta.url);
const { compileStrapi, createStrapi } = require('@strapi/strapi');

const distDir = join(appDir, 'dist');
const stampFile = join(distDir, '.compiled-at');

/** Newest modification time of a file or folder tree (folders count: deleting a file bumps them). */
const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
};

const isUpToDate = () => {
  if (process.env.FORCE_COMPILE === 'true' || !existsSync(stampFile)) return false;
  const sources = ['src', 'config', 'tsconfig.json', 'package.json'].map((p) =>
    newestMtime(join(appDir, p)),
  );
  return statSync(stampFile).mtimeMs > Math.max(...sources);
};

const started = Date.now();
let appContext = { appDir, distDir };
if (!isUpToDate()) {
  appContext = await compileStrapi({ appDir });
  writeFileSync(stampFile, `${new Date().toISOString()}\n`);
}
const compiledMs = Date.now() - started;

const app = createStrapi({ ...appContext, autoReload: false });
await app.start();
app.log.info(
  `Strapi ready in ${((Date.now() - started) / 1000).toFixed(1)} s (compile ${(compiledMs / 1000).toFixed(1)} s)`,
);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  try {
    await app.destroy();
  } finally {
    process.exit(0);
  }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
