#!/usr/bin/env node
// Summarises a V8 CPU profile (.cpuprofile, e.g. from `run.mjs --profile <dir>`): self time by
// function and by package/file, to see where the server's time goes under load.
//   node bench/exam-load/profile.mjs <file.cpuprofile> [--top 40] [--last <seconds>]
// --last: only the samples of the profile's last N seconds (e.g. the exam phase, not the boot).
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 40;
const lastIndex = process.argv.indexOf('--last');
const LAST_US = lastIndex > 0 ? Number(process.argv[lastIndex + 1]) * 1e6 : Infinity;
if (!file) {
  console.error('usage: profile.mjs <file.cpuprofile> [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
const from = profile.endTime - LAST_US;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i += 1) {
  at += dt[i] ?? 0;
  if (at < from) continue;
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return m[m.length - 1].replace('node_modules/', '');
  const d = url.match(/\/dist\/(.*)$/);
  return d ? `app:${d[1]}` : url.replace(/^file:\/\//, '');
};
const fnSelf = new Map();
const pkgSelf = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const pkg = where(cf.url);
  const key = `${cf.functionName || '(anonymous)'}  ${pkg}:${cf.lineNumber + 1}`;
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + us);
  pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + us);
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`,
    );
  }
};
console.log(`total sampled ${(total / 1e6).toFixed(1)} s`);
show('self time by package / file', pkgSelf);
show('self time by function', fnSelf);
