import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  FIRST_VISIT_BUDGET_KB,
  FIRST_VISIT_TARGET_KB,
  LOGIN_SCREEN,
  firstVisitKeys,
  firstVisitProblems,
  firstVisitSize,
} from '../../scripts/lib/firstVisit.mjs';
import type { Manifest } from '../../scripts/lib/zoomChunk.mjs';

// The budget check that runs after every build (scripts/check-first-visit.mjs; issue 25), on small
// manifests whose chunks are random bytes (gzip cannot shrink them: their size is their gzip size).
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_mui.js': { file: 'assets/mui.js' },
  [LOGIN_SCREEN]: { file: 'assets/LoginPage.js', isDynamicEntry: true, imports: ['_mui.js'] },
  'src/features/reports/ReportsPage.tsx': {
    file: 'assets/ReportsPage.js',
    isDynamicEntry: true,
    imports: ['_charts.js'],
  },
  '_charts.js': { file: 'assets/charts.js' },
};

const chunksOf = (kb: Record<string, number>) => {
  const bytes = new Map(Object.entries(kb).map(([file, size]) => [file, randomBytes(size * 1024)]));
  return (file: string) => bytes.get(file) ?? Buffer.alloc(0);
};

describe('the first visit check', () => {
  it("counts the entry's and the sign-in screen's static imports, not other screens", () => {
    expect(firstVisitKeys(manifest).sort()).toEqual(
      ['_mui.js', '_react.js', 'index.html', LOGIN_SCREEN].sort(),
    );
    const read = chunksOf({
      'assets/index.js': 10,
      'assets/react.js': 20,
      'assets/mui.js': 30,
      'assets/LoginPage.js': 5,
      'assets/charts.js': 400,
    });
    const { files, totalKb } = firstVisitSize(manifest, read);
    expect(files.map((f) => f.file)).toEqual([
      'assets/mui.js',
      'assets/react.js',
      'assets/index.js',
      'assets/LoginPage.js',
    ]);
    // Random bytes gzip to a little more than their size.
    expect(totalKb).toBeGreaterThan(65);
    expect(totalKb).toBeLessThan(67);
    expect(firstVisitProblems(manifest, read)).toEqual([]);
  });

  it('fails when the first visit is over the budget', () => {
    const read = chunksOf({ 'assets/index.js': 120, 'assets/mui.js': 80 });
    const problems = firstVisitProblems(manifest, read, 150);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /over the budget of 150 KB \(largest: assets\/index\.js 120\.\d KB/,
    );
    expect(firstVisitProblems(manifest, read, 250)).toEqual([]);
  });

  it('measures gzip, so text that compresses well counts for its compressed size', () => {
    const text = Buffer.from('export const x = 1;\n'.repeat(20_000)); // ~390 KB raw
    const read = (file: string) => (file === 'assets/index.js' ? text : Buffer.alloc(0));
    const { totalKb } = firstVisitSize(manifest, read);
    const textKb = gzipSync(text, { level: 9 }).length / 1024;
    // The text's gzip, plus the gzip header of the three empty chunks.
    expect(totalKb).toBeGreaterThanOrEqual(textKb);
    expect(totalKb).toBeLessThan(textKb + 0.1);
    expect(firstVisitProblems(manifest, read, 150)).toEqual([]);
  });

  it('enforces the target itself: a build over 150 KB fails', () => {
    expect(FIRST_VISIT_TARGET_KB).toBe(150);
    expect(FIRST_VISIT_BUDGET_KB).toBe(FIRST_VISIT_TARGET_KB);
  });

  it('fails a first visit just over the target by default (no budget argument)', () => {
    // 148 KB of random bytes plus the small chunks: just over 150 KB gzip.
    const read = chunksOf({ 'assets/index.js': 148, 'assets/react.js': 2, 'assets/mui.js': 1 });
    expect(firstVisitSize(manifest, read).totalKb).toBeGreaterThan(150);
    expect(firstVisitProblems(manifest, read)).toHaveLength(1);
    const under = chunksOf({ 'assets/index.js': 140, 'assets/react.js': 2, 'assets/mui.js': 1 });
    expect(firstVisitProblems(manifest, under)).toEqual([]);
  });

  it('refuses a manifest without the sign-in screen as a chunk of its own', () => {
    const rest = Object.fromEntries(
      Object.entries(manifest).filter(([key]) => key !== LOGIN_SCREEN),
    );
    expect(() => firstVisitKeys(rest)).toThrow(/not a chunk of its own/);
  });
});
