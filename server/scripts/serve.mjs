#!/usr/bin/env node
// Compiles the TypeScript app (config/ and src/ → dist/, with compileStrapi) when the sources
// changed since the last compile, then starts Strapi. The working directory is set to the server
// folder, so it can be run from anywhere: `node server/scripts/serve.mjs`.
// Environment: taken from the caller's process environment (see the README / .env.example).
// FORCE_COMPILE=true compiles even when dist/ looks up to date.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCompiled } from './lib/compile.mjs';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(appDir);

const require = createRequire(import.meta.url);
const { createStrapi } = require('@strapi/strapi');

const started = Date.now();
const { appContext, compiledMs } = await ensureCompiled(appDir);

const app = createStrapi({ ...appContext, autoReload: false });
await app.start();
app.log.info(
  `Strapi ready in ${((Date.now() - started) / 1000).toFixed(1)} s (compile ${(compiledMs / 1000).toFixed(1)} s)`,
);

// SIGTERM and SIGINT: createStrapi's own handler runs app.destroy() once, then exits. Its first
// step is our destroy lifecycle (src/index.ts), which lets the requests in flight finish
// (src/platform/http/drain.ts). A second handler here would run destroy twice at once.
