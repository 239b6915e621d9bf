// Statistics of a test (issue 22): over each learner's best or last completed result, by SQL
// aggregates grouped by total (one row per distinct total), never a row per learner.
import { binsOf, BINS, describe, type Bin, type Summary, type Tally } from './figures';
import { chosenCte, type Pick, type ReportScope, type ReportTest } from './scope';
import { sqlRows, toNumber, type Db } from '../../platform/db/sql';
import { pickedResultsCte, summaryUsable } from '../report-summary';

export interface BatchSummary extends Summary {
  batch: { documentId: string; name: string };
}

interface Grouped {
  key: string;
  tallies: Tally[];
  passed: number;
  times: Tally[];
}

const timeBins = (times: Tally[], width: number): Bin[] => {
  const bins = Array.from({ length: BINS }, (_, i) => ({
    from: i * width,
    to: (i + 1) * width,
    count: 0,
  }));
  for (const t of times) {
    bins[Math.min(BINS - 1, Math.max(0, t.value))].count += t.n;
  }
  return bins;
};

const summaryOf = (g: Grouped, test: ReportTest, width: number): Summary => {
  const base = describe(g.tallies);
  return {
    ...base,
    passRate:
      test.passMark === null || base.count === 0
        ? null
        : Math.round((g.passed / base.count) * 1000) / 1000,
    scoreDistribution: binsOf(g.tallies, test.maxMarks),
    timeDistribution: timeBins(g.times, width),
  };
};

const group = (map: Map<string, Grouped>, key: string): Grouped => {
  let g = map.get(key);
  if (!g) {
    g = { key, tallies: [], passed: 0, times: [] };
    map.set(key, g);
  }
  return g;
};

/**
 * Width in seconds of a time band: a tenth of the test's duration, else of the longest time taken.
 */
const bandWidth = async (db: Db, test: ReportTest, cte: { sql: string; bindings: unknown[] }) => {
  if (test.durationMinutes && test.durationMinutes > 0) {
    return Math.max(1, Math.ceil((test.durationMinutes * 60) / BINS));
  }
  const [row] = await sqlRows(db, `WITH ${cte.sql} SELECT MAX(seconds) AS longest FROM chosen`, [
    ...cte.bindings,
  ]);
  return Math.max(1, Math.ceil((toNumber(row?.longest) ?? 0) / BINS));
};

/** The statistics of the test and the same per batch (a learner counts in each of their batches). */
export const statistics = async (
  db: Db,
  test: ReportTest,
  scope: ReportScope,
  pick: Pick,
): Promise<{ statistics: Summary; perBatch: BatchSummary[] }> => {
  // Every learner of the test: each one's counted result from the reports' summary when it can
  // answer (modules/report-summary), not from every result's links.
  const summary =
    scope.facultyId === null && scope.batchId === null && (await summaryUsable(db, test.id, pick));
  const cte = summary ? pickedResultsCte(test.id, pick) : chosenCte(test.id, scope, pick);
  // An integer computed here (never a request's text): written into the SQL so the SELECT and
  // the GROUP BY are the same expression on PostgreSQL.
  const width = Math.trunc(await bandWidth(db, test, cte));
  // A faculty member limited to their batches' learners sees those batches only side by side.
  const batchJoin = `JOIN batches_students_lnk bs ON bs.student_id = c.student_id
    JOIN batches b ON b.id = bs.batch_id${
      scope.facultyId === null
        ? ''
        : ' AND b.id IN (SELECT batch_id FROM batches_faculties_lnk WHERE faculty_id = ?)'
    }`;
  const batchBindings = scope.facultyId === null ? [] : [scope.facultyId];
  // One statement: `chosen`, and each learner's result beside each of their batches (`cb`), are
  // derived once (SQLite and PostgreSQL materialise a CTE used more than once) for the four
  // groupings, told apart by `part`, instead of once per grouping.
  const grouped = await sqlRows(
    db,
    `WITH ${cte.sql}, cb AS (
       SELECT b.document_id AS k, b.batch AS name, c.total AS total, c.seconds AS seconds,
         c.passed AS passed FROM chosen c ${batchJoin})
     SELECT 's' AS part, '' AS k, NULL AS name, c.total AS v, COUNT(*) AS n,
       SUM(CASE WHEN c.passed = ? THEN 1 ELSE 0 END) AS passed FROM chosen c GROUP BY c.total
     UNION ALL
     SELECT 't', '', NULL, c.seconds / ${width}, COUNT(*), NULL FROM chosen c
       WHERE c.seconds IS NOT NULL GROUP BY c.seconds / ${width}
     UNION ALL
     SELECT 'bs', cb.k, cb.name, cb.total, COUNT(*),
       SUM(CASE WHEN cb.passed = ? THEN 1 ELSE 0 END) FROM cb
       GROUP BY cb.k, cb.name, cb.total
     UNION ALL
     SELECT 'bt', cb.k, NULL, cb.seconds / ${width}, COUNT(*), NULL
       FROM cb WHERE cb.seconds IS NOT NULL
       GROUP BY cb.k, cb.seconds / ${width}`,
    [...cte.bindings, ...batchBindings, true, true],
  );
  const partOf = (part: string) => grouped.filter((r) => r.part === part);
  const [scores, times, batchScores, batchTimes] = ['s', 't', 'bs', 'bt'].map(partOf);
  const all = new Map<string, Grouped>();
  const batches = new Map<string, Grouped>();
  const names = new Map<string, string>();
  for (const [map, rows] of [
    [all, scores],
    [batches, batchScores],
  ] as const) {
    for (const r of rows) {
      const g = group(map, String(r.k));
      g.tallies.push({ value: toNumber(r.v) ?? 0, n: Number(r.n) });
      g.passed += Number(r.passed ?? 0);
      if (map === batches) names.set(String(r.k), String(r.name ?? ''));
    }
  }
  for (const [map, rows] of [
    [all, times],
    [batches, batchTimes],
  ] as const) {
    for (const r of rows) {
      group(map, String(r.k)).times.push({ value: Number(r.v), n: Number(r.n) });
    }
  }
  const overall = all.get('') ?? { key: '', tallies: [], passed: 0, times: [] };
  return {
    statistics: summaryOf(overall, test, width),
    perBatch: [...batches.values()]
      .map((g) => ({
        batch: { documentId: g.key, name: names.get(g.key) ?? '' },
        ...summaryOf(g, test, width),
      }))
      .sort((a, b) => a.batch.name.localeCompare(b.batch.name)),
  };
};
