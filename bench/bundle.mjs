#!/usr/bin/env node
// Bundle report: builds the SPA and prints the gzip size of the JavaScript (and CSS) that a first
// visit to /auth/login downloads: the entry chunk, everything it imports statically, and the
// sign-in screen's lazy chunk with its imports (scripts/lib/firstVisit.mjs, the same rule as the
// post-build check). Target: at most 150 KB of gzipped JS (issue 25).
// Usage: npm run bench:bundle   (add --no-build to measure the existing dist/)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FIRST_VISIT_TARGET_KB, firstVisitKeys } from '../scripts/lib/firstVisit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const TARGET_KB = FIRST_VISIT_TARGET_KB;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const keys = firstVisitKeys(manifest);
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
