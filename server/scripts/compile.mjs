#!/usr/bin/env node
// Compiles the TypeScript app (config/ and src/ → dist/) when its sources changed, and nothing
// else. The server tests run two files at a time; compiling once before them keeps two booting
// servers from writing dist/ at the same moment (docs/decisions.md, "CI time").
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCompiled } from './lib/compile.mjs';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { compiledMs } = await ensureCompiled(appDir);
process.stdout.write(
  compiledMs > 0
    ? `[compile] dist/ compiled in ${(compiledMs / 1000).toFixed(1)} s\n`
    : '[compile] dist/ is up to date\n',
);
