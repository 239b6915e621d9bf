#!/usr/bin/env node
// After `vite build`: fails when the sign-in page's first visit downloads more JavaScript than the
// budget (scripts/lib/firstVisit.mjs; issue 25), and says how far it is from the target.
// Usage: node scripts/check-first-visit.mjs [dist]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FIRST_VISIT_BUDGET_KB,
  FIRST_VISIT_TARGET_KB,
  firstVisitProblems,
  firstVisitSize,
} from './lib/firstVisit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const read = (file) => readFileSync(path.join(dist, file));
const { files, totalKb } = firstVisitSize(manifest, read);
console.log(
  `first visit check: the sign-in page loads ${files.length} JavaScript files, ${totalKb.toFixed(1)} KB gzip (budget ${FIRST_VISIT_BUDGET_KB} KB, target ${FIRST_VISIT_TARGET_KB} KB: ${totalKb <= FIRST_VISIT_TARGET_KB ? 'met' : 'not met yet'})`,
);
const problems = firstVisitProblems(manifest, read);
if (problems.length > 0) {
  for (const problem of problems) console.error(`first visit check: ${problem}`);
  process.exit(1);
}
