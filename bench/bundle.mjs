#!/usr/bin/env node
// Bundle report: builds the SPA and prints the gzip size of the JavaScript (and CSS) that a first
// visit to /auth/login downloads: the entry chunk, everything it imports statically, and the
// sign-in screen's lazy chunk with its imports. Target: at most 200 KB of gzipped JS.
// Usage: npm run bench:bundle   (add --no-build to measure the existing dist/)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const TARGET_KB = 200;
const LOGIN_SCREEN = 'src/features/accounts/LoginPage.tsx';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!manifest[LOGIN_SCREEN]) throw new Error(`${LOGIN_SCREEN} is not a chunk of its own`);

/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const keys = closure(LOGIN_SCREEN, closure(entryKey));
const rows = [];
for (const key of keys) {
  const chunk = manifest[key];
  for (const file of [chunk.file, ...(chunk.css ?? [])]) {
    if (rows.some((row) => row.file === file)) continue;
    const bytes = readFileSync(path.join(dist, file));
    rows.push({ file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
}
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
const js = rows.filter((row) => row.file.endsWith('.js'));
const css = rows.filter((row) => row.file.endsWith('.css'));
const sum = (list, field) => list.reduce((total, row) => total + row[field], 0);

console.log('First visit to /auth/login downloads:');
console.log(`${'file'.padEnd(48)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}`);
for (const row of rows) console.log(`${row.file.padEnd(48)} ${kb(row.raw)} ${kb(row.gzip)}`);
const jsGzip = sum(js, 'gzip');
console.log(`JavaScript: ${js.length} files, ${kb(sum(js, 'raw'))} KB raw, ${kb(jsGzip)} KB gzip`);
console.log(
  `CSS:        ${css.length} files, ${kb(sum(css, 'raw'))} KB raw, ${kb(sum(css, 'gzip'))} KB gzip`,
);

const allJs = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
const lazyGzip = allJs
  .filter((chunk) => !rows.some((row) => row.file === chunk.file))
  .reduce((total, chunk) => total + gzipSync(readFileSync(path.join(dist, chunk.file))).length, 0);
console.log(`Left in lazy chunks (not downloaded on /auth/login): ${kb(lazyGzip)} KB gzip`);
console.log(
  `Target: at most ${TARGET_KB} KB gzip of JS -> ${jsGzip / 1024 <= TARGET_KB ? 'MET' : 'NOT MET'}`,
);
