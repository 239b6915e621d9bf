#!/usr/bin/env node
// After `vite build`: fails when @zoom/meetingsdk is reachable from the entry's static imports
// (the first visit must not download the Meeting SDK; issue 21). Prints the entry's chunks.
// Usage: node scripts/check-zoom-chunk.mjs [dist]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { checkDist, entryClosure, ZOOM_PACKAGE } from './lib/zoomChunk.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const { manifest, problems } = checkDist(dist);

const { entry, keys } = entryClosure(manifest);
let total = 0;
const lines = keys.map((key) => {
  const file = manifest[key].file;
  const gzip = gzipSync(readFileSync(path.join(dist, file))).length;
  total += gzip;
  return `  ${file} ${(gzip / 1024).toFixed(1)} KB gzip`;
});
console.log(`zoom chunk check: the entry (${entry}) loads ${keys.length} chunks:`);
console.log(lines.join('\n'));
console.log(`  in all ${(total / 1024).toFixed(1)} KB gzip`);
const zoom = Object.keys(manifest).filter((key) => key.includes(ZOOM_PACKAGE));
console.log(`  the SDK: ${zoom.map((key) => manifest[key].file).join(', ') || 'none'}`);

if (problems.length > 0) {
  for (const problem of problems) console.error(`zoom chunk check: ${problem}`);
  process.exit(1);
}
console.log('zoom chunk check: @zoom/meetingsdk loads only with the room (/zoom/…)');
