// GET /api/reports/tests/:documentId/results (issue 22): the staff's results list of a test,
// sorted, searched, filtered and paged in SQL; rank and percentile by the exam's standing rule.
// Every learner of the test (best or last): each learner's counted result and best total from the
// reports' summary (modules/report-summary) when it can answer, not from every result's links.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { ATTEMPT_INTEGRITY_TABLE, standing } from '../exam';
import { chosenCte, reportTarget, type Pick } from './scope';
import { pickedResultsCte, SUMMARY_PICKS_TABLE, summaryUsable } from '../report-summary';
import { knexOf, sqlRows, toBool, toNumber, type Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';

type Query = Record<string, unknown>;

const SORTS: Record<string, string> = {
  'score:desc': 'c.total DESC, c.result_id ASC',
  'name:asc': 'st.student_name ASC, c.result_id ASC',
  'time:asc': 'COALESCE(c.seconds, 2147483647) ASC, c.result_id ASC',
};

const intOf = (value: unknown, fallback: number, max: number): number => {
  if (value === undefined || value === '') {
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new HttpError(400, 'page and pageSize must be positive whole numbers.');
  }
  return Math.min(n, max);
};

const pickOrAll = (value: unknown): Pick | 'all' => {
  if (value === undefined || value === '' || value === 'best') return 'best';
  if (value === 'last' || value === 'all') return value;
  throw new HttpError(400, 'attempt must be best, last or all.');
};

/** Batches of the page's learners: the first by name for each. */
const batchesOf = async (db: Db, studentIds: number[]) => {
  const out = new Map<number, { documentId: string; name: string }>();
  if (studentIds.length === 0) return out;
  const rows = await sqlRows(
    db,
    `SELECT bs.student_id, b.document_id, b.batch FROM batches_students_lnk bs
     JOIN batches b ON b.id = bs.batch_id
     WHERE bs.student_id IN (${studentIds.map(() => '?').join(', ')})
     ORDER BY b.batch ASC, b.id ASC`,
    studentIds,
  );
  for (const r of rows) {
    const id = Number(r.student_id);
    if (!out.has(id))
      out.set(id, { documentId: String(r.document_id), name: String(r.batch ?? '') });
  }
  return out;
};

/**
 * A page row's attempt number (chosenCte's attempt_number: 1 = the learner's first non-practice
 * attempt of the test with a result), for the page's rows only.
 */
const ATTEMPT_NUMBER = `(SELECT COUNT(*) FROM results_student_lnk rs2
    JOIN results_test_lnk rt2 ON rt2.result_id = rs2.result_id
    JOIN results_attempt_lnk ra2 ON ra2.result_id = rs2.result_id
    JOIN attempts a2 ON a2.id = ra2.attempt_id
    WHERE rs2.student_id = p.student_id AND rt2.test_id = ?
      AND COALESCE(a2.is_practice_test, ?) = ?
      AND (a2.start_date_time < a.start_date_time
        OR (a2.start_date_time = a.start_date_time AND a2.id <= a.id)))`;

export const testResults = async (
  strapi: Core.Strapi,
  caller: Caller,
  testIdInput: unknown,
  query: Query,
  maxPageSize = 100,
): Promise<{ data: Array<Record<string, unknown>>; meta: Record<string, unknown> }> => {
  const db = knexOf(strapi);
  const pick = pickOrAll(query.attempt);
  const sort = SORTS[String(query.sort ?? 'score:desc')];
  if (!sort) {
    throw new HttpError(400, 'sort must be score:desc, name:asc or time:asc.');
  }
  const page = intOf(query.page, 1, 100_000);
  const pageSize = intOf(query.pageSize, 25, maxPageSize);
  const { test, scope } = await reportTarget(db, caller, testIdInput, query.batchId);
  const summary =
    pick !== 'all' &&
    scope.facultyId === null &&
    scope.batchId === null &&
    (await summaryUsable(db, test.id, pick)) &&
    (pick === 'best' || (await summaryUsable(db, test.id, 'best')));
  const cte = summary ? pickedResultsCte(test.id, pick) : chosenCte(test.id, scope, pick);
  const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
  const where = search
    ? "WHERE LOWER(COALESCE(st.student_name, '')) LIKE ? OR LOWER(COALESCE(st.roll_number, '')) LIKE ?"
    : '';
  const like = search
    ? [`%${search.replace(/[%_\\]/g, '')}%`, `%${search.replace(/[%_\\]/g, '')}%`]
    : [];
  // Every learner's best non-practice total of the test, whoever asks: the standing of a result
  // is among all learners of the test (as the learner's own review shows it).
  const best = summary
    ? `best AS (SELECT student_id, ROUND(total * 100) AS best FROM ${SUMMARY_PICKS_TABLE}
        WHERE test_id = ? AND pick = ?)`
    : `best AS (SELECT rs.student_id, MAX(ROUND(r.total_marks * 100)) AS best
      FROM results r JOIN results_test_lnk rt ON rt.result_id = r.id
      JOIN results_student_lnk rs ON rs.result_id = r.id
      JOIN results_attempt_lnk ra ON ra.result_id = r.id
      JOIN attempts a ON a.id = ra.attempt_id
      WHERE rt.test_id = ? AND COALESCE(a.is_practice_test, ?) = ? GROUP BY rs.student_id)`;
  const bestBindings = summary ? [test.id, 'best'] : [test.id, false, false];
  const from = `FROM chosen c JOIN students st ON st.id = c.student_id ${where}`;
  // How many learners have each best total: a page row's standing sums a few hundred of these
  // counts instead of comparing with every learner's best three times.
  const hist = 'hist AS (SELECT best, COUNT(*) AS n FROM best GROUP BY best)';
  const rows = await sqlRows(
    db,
    `WITH ${cte.sql}, ${best}, ${hist}, page AS (
       SELECT c.*, st.document_id AS student_document_id, st.student_name, st.roll_number,
         COUNT(*) OVER () AS total_n
       ${from} ORDER BY ${sort} LIMIT ? OFFSET ?)
     SELECT p.*, ${summary ? ATTEMPT_NUMBER : 'p.attempt_number'} AS attempt_no,
       r.document_id AS result_document_id, r.correct_count, r.incorrect_count,
       r.unanswered_count, a.document_id AS attempt_document_id, a.closed_by,
       (SELECT i.total FROM ${ATTEMPT_INTEGRITY_TABLE} i WHERE i.attempt_id = p.attempt_id)
         AS integrity_events,
       (SELECT COALESCE(SUM(h.n), 0) FROM hist h WHERE h.best > ROUND(p.total * 100)) AS higher,
       (SELECT COALESCE(SUM(h.n), 0) FROM hist h WHERE h.best < ROUND(p.total * 100))
         AS lower_count,
       (SELECT COALESCE(SUM(h.n), 0) FROM hist h WHERE h.best = ROUND(p.total * 100))
         AS equal_count
     FROM page p JOIN results r ON r.id = p.result_id JOIN attempts a ON a.id = p.attempt_id
     ORDER BY ${sort.replace(/\bc\.|\bst\./g, 'p.')}`,
    [
      ...cte.bindings,
      ...bestBindings,
      ...like,
      pageSize,
      (page - 1) * pageSize,
      ...(summary ? [test.id, false, false] : []),
    ],
  );
  // The page's rows carry the count (a window over every match); past the last page, count alone.
  const total =
    rows.length > 0
      ? Number(rows[0].total_n)
      : Number(
          (
            await sqlRows(db, `WITH ${cte.sql} SELECT COUNT(*) AS n ${from}`, [
              ...cte.bindings,
              ...like,
            ])
          )[0]?.n ?? 0,
        );
  const batches = await batchesOf(
    db,
    rows.map((r) => Number(r.student_id)),
  );
  const data = rows.map((r) => {
    const s = standing(
      Number(r.higher ?? 0),
      Number(r.lower_count ?? 0),
      Math.max(1, Number(r.equal_count ?? 0)),
    );
    const passed = test.passMark === null || r.passed === null ? null : toBool(r.passed);
    return {
      resultDocumentId: String(r.result_document_id),
      attemptDocumentId: String(r.attempt_document_id),
      learner: {
        documentId: String(r.student_document_id),
        name: String(r.student_name ?? ''),
        rollNumber: (r.roll_number as string | null) ?? null,
      },
      batch: batches.get(Number(r.student_id)) ?? null,
      score: toNumber(r.total) ?? 0,
      correct: toNumber(r.correct_count),
      wrong: toNumber(r.incorrect_count),
      skipped: toNumber(r.unanswered_count),
      timeTakenSeconds: toNumber(r.seconds),
      attemptNumber: Number(r.attempt_no),
      rank: s.rank,
      percentile: s.percentile,
      passed,
      status: r.closed_by === 'expiry' ? 'timed-out' : 'submitted',
      integrityEvents: toNumber(r.integrity_events) ?? 0,
    };
  });
  return {
    data,
    meta: {
      pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
    },
  };
};
