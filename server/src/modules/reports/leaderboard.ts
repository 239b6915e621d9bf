// GET /api/reports/leaderboard (issue 22): an overall rank and percentile per learner over a series
// of tests (a test category, or a chosen set of at most 50). A learner's overall score is the sum,
// over the series' tests, of their best percent on each (completed, non-practice results). Ties:
// equal totals (to 0.01) share a rank and the next rank skips (1, 1, 3); within a tie, by name.
// Percentile by the exam's standing rule. Staff see the rows paged (faculty: learners of their
// batches only, ranked among everyone); a learner sees their own standing and the top 10 by name.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { standing } from '../exam';
import { documentIdOf, knexOf, sqlRows, type Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { scoreHiddenTestIds } from '../../access/facts/withheld-results';

type Query = Record<string, unknown>;
type Row = Record<string, unknown>;

const MAX_TESTS = 50;
const TOP = 10;
export const TIE_RULE =
  'Overall score: the sum over the series’ tests of each learner’s best percent on that test. ' +
  'Equal totals (to 0.01) share a rank and the next rank skips (1, 1, 3); within a tie, by name. ' +
  'Percentile: (learners below + ½ × learners equal) / all ranked learners × 100.';

const intOf = (value: unknown, fallback: number, max: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new HttpError(400, 'page and pageSize must be positive whole numbers.');
  }
  return Math.min(n, max);
};

const marks = (list: unknown[]) => list.map(() => '?').join(', ');

/** The series' tests, by name: a category's or the listed ones; 400 on anything else. */
const seriesOf = async (db: Db, query: Query, published: { value: boolean }): Promise<Row[]> => {
  const category = query.categoryId;
  const listed = query.tests;
  if ((category === undefined || category === '') === (listed === undefined || listed === '')) {
    throw new HttpError(400, 'Give either categoryId or tests.');
  }
  const select = 'SELECT t.id, t.document_id, t.test_name, t.status, t.show_rank FROM tests t';
  const order = 'ORDER BY t.test_name ASC, t.id ASC';
  if (category !== undefined && category !== '') {
    const documentId = documentIdOf(category);
    const [found] = documentId
      ? await sqlRows(
          db,
          'SELECT id, publish_leaderboard FROM test_categories WHERE document_id = ?',
          [documentId],
        )
      : [];
    if (!found) throw new HttpError(400, 'categoryId must be the documentId of a test category.');
    published.value = found.publish_leaderboard === true || Number(found.publish_leaderboard) === 1;
    const rows = await sqlRows(
      db,
      `${select} JOIN tests_test_category_lnk tc ON tc.test_id = t.id
       WHERE tc.test_category_id = ? ${order} LIMIT ?`,
      [found.id, MAX_TESTS + 1],
    );
    if (rows.length > MAX_TESTS)
      throw new HttpError(400, `A series has at most ${MAX_TESTS} tests.`);
    return rows;
  }
  if (typeof listed !== 'string')
    throw new HttpError(400, 'tests must be documentIds, comma-separated.');
  const ids = [...new Set(listed.split(',').map((s) => s.trim()))];
  if (ids.some((id) => id === '' || id.length > 64)) {
    throw new HttpError(400, 'tests must be documentIds, comma-separated.');
  }
  if (ids.length > MAX_TESTS) throw new HttpError(400, `A series has at most ${MAX_TESTS} tests.`);
  const rows = await sqlRows(db, `${select} WHERE t.document_id IN (${marks(ids)}) ${order}`, ids);
  if (new Set(rows.map((r) => String(r.document_id))).size !== ids.length) {
    throw new HttpError(400, 'tests must be documentIds of tests.');
  }
  return rows;
};

/** Every learner with a result in the series, ranked: total_c is the total in hundredths. */
const rankedCte = (testIds: number[]) => ({
  sql: `series AS (
      SELECT t.id, COALESCE(t.maximum_marks, (SELECT SUM(q.points_correct_answer)
        FROM questions_test_lnk qt JOIN questions q ON q.id = qt.question_id
        WHERE qt.test_id = t.id)) AS max_marks
      FROM tests t WHERE t.id IN (${marks(testIds)})),
    best AS (
      SELECT rs.student_id, rt.test_id, MAX(r.total_marks) AS best FROM results r
      JOIN results_test_lnk rt ON rt.result_id = r.id
      JOIN results_student_lnk rs ON rs.result_id = r.id
      JOIN results_attempt_lnk ra ON ra.result_id = r.id
      JOIN attempts a ON a.id = ra.attempt_id
      WHERE rt.test_id IN (${marks(testIds)}) AND COALESCE(a.is_practice_test, ?) = ?
      GROUP BY rs.student_id, rt.test_id),
    scored AS (
      SELECT b.student_id, COALESCE(ROUND(SUM(10000.0 * b.best / NULLIF(s.max_marks, 0))), 0)
        AS total_c, COUNT(*) AS taken
      FROM best b JOIN series s ON s.id = b.test_id GROUP BY b.student_id),
    ranked AS (
      SELECT sc.student_id, sc.total_c, sc.taken,
        RANK() OVER (ORDER BY sc.total_c DESC) AS rnk,
        COUNT(*) OVER (PARTITION BY sc.total_c) AS equal_n, COUNT(*) OVER () AS n
      FROM scored sc)`,
  bindings: [...testIds, ...testIds, false, false],
});

const standingOf = (r: Row) => {
  const rank = Number(r.rnk);
  const equal = Number(r.equal_n);
  const s = standing(rank - 1, Number(r.n) - (rank - 1) - equal, equal);
  return {
    rank,
    total: Number(r.total_c) / 100,
    percentile: s.percentile,
    testsTaken: Number(r.taken),
  };
};

const rowOf = (r: Row) => ({
  ...standingOf(r),
  learner:
    r.document_id === null || r.document_id === undefined
      ? null
      : { documentId: String(r.document_id), name: String(r.student_name ?? '') },
});

export const leaderboard = async (strapi: Core.Strapi, caller: Caller, query: Query) => {
  if (caller.kind !== 'user') throw new HttpError(403, 'Sign in to see the leaderboard.');
  const staff = caller.role === 'administrator' || caller.role === 'faculty';
  if (!staff && !(caller.role === 'student' && caller.studentId !== null)) {
    throw new HttpError(403, 'Only staff and learners see the leaderboard.');
  }
  const page = staff ? intOf(query.page, 1, 100_000) : 1;
  const pageSize = staff ? intOf(query.pageSize, 25, 100) : TOP;
  const db = knexOf(strapi);
  // Learners see the top 10 by name only where the series publishes its leaderboard (a test
  // category's `publish_leaderboard`, off by default); otherwise ranks and scores, no names.
  const published = { value: false };
  const whole = await seriesOf(db, query, published);
  const namesShown = staff || published.value;
  // A learner's standing counts only the tests whose scores and ranks learners see now (issue 23:
  // drafts, show_rank off and scores not out yet are left out, so the leaderboard tells no more
  // than each test's own review would); how many were left out is said.
  const hidden = staff
    ? new Set<number>()
    : await scoreHiddenTestIds(
        db,
        whole.map((t) => Number(t.id)),
      );
  const series = staff
    ? whole
    : whole.filter(
        (t) =>
          t.status !== 'draft' &&
          !hidden.has(Number(t.id)) &&
          t.show_rank !== false &&
          t.show_rank !== 0,
      );
  const notCounted = staff ? 0 : whole.filter((t) => t.status !== 'draft').length - series.length;
  const tests = series.map((t) => ({
    documentId: String(t.document_id),
    name: String(t.test_name ?? ''),
  }));
  if (series.length === 0) {
    return {
      tests,
      rows: [],
      me: null,
      tieRule: TIE_RULE,
      total: 0,
      notCounted,
      namesPublished: published.value,
    };
  }
  const cte = rankedCte(series.map((t) => Number(t.id)));
  const filter: { sql: string; bindings: unknown[] } =
    caller.role === 'faculty'
      ? {
          sql: `WHERE k.student_id IN (SELECT bs.student_id FROM batches_students_lnk bs
            JOIN batches_faculties_lnk bf ON bf.batch_id = bs.batch_id WHERE bf.faculty_id = ?)`,
          bindings: [caller.facultyId ?? -1],
        }
      : { sql: '', bindings: [] };
  const from = `FROM ranked k LEFT JOIN students st ON st.id = k.student_id ${filter.sql}`;
  const [counted] = await sqlRows(
    db,
    `WITH ${cte.sql} SELECT COUNT(*) AS c, MAX(k.n) AS n ${from}`,
    [...cte.bindings, ...filter.bindings],
  );
  const rows = await sqlRows(
    db,
    `WITH ${cte.sql} SELECT k.*, st.document_id, st.student_name ${from}
     ORDER BY k.rnk ASC, st.student_name ASC, k.student_id ASC LIMIT ? OFFSET ?`,
    [...cte.bindings, ...filter.bindings, pageSize, (page - 1) * pageSize],
  );
  let me = null;
  if (!staff) {
    const [mine] = await sqlRows(
      db,
      `WITH ${cte.sql} SELECT k.* FROM ranked k WHERE k.student_id = ?`,
      [...cte.bindings, caller.studentId],
    );
    me = mine ? standingOf(mine) : null;
  }
  return {
    tests,
    rows: rows.map((r) => (namesShown ? rowOf(r) : { ...rowOf(r), learner: null })),
    namesPublished: published.value,
    me,
    tieRule: TIE_RULE,
    notCounted,
    total: Number((staff ? counted?.c : counted?.n) ?? 0),
  };
};
