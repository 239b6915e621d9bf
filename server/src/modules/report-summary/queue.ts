// How writes keep the reports' summary right (issue 22), always inside the write's own
// transaction: a new or re-totalled result only queues its (test, learner) pair — one small
// INSERT, the exam submit's whole cost — and the fold (fold.ts) works the pair's counted results
// out again; a write that changes answers already counted (a regrade re-marks them) or removes
// rows the fold would need to subtract (a deletion) drops the test's summary and queues every
// learner of the test again.
import { isPostgres, sqlRows, type Db } from '../../platform/db/sql';
import {
  SUMMARY_COUNTS_TABLE,
  SUMMARY_PENDING_TABLE,
  SUMMARY_PICKS_TABLE,
  SUMMARY_TESTS_TABLE,
} from './tables';

/** PostgreSQL advisory lock (key, 0) held by a fold's or a rebuild's transaction. */
export const FOLD_LOCK = 22022;

/**
 * Queues the learner's counted results of the test to be worked out again, in the transaction
 * that has just added a result of theirs (the exam's submit or expiry, a Mains submit).
 */
export const enqueueLearner = async (
  trx: Db,
  testId: number | null,
  studentId: number | null,
): Promise<void> => {
  if (testId === null || studentId === null) return;
  await sqlRows(
    trx,
    `INSERT INTO ${SUMMARY_PENDING_TABLE} (test_id, student_id, claimed, added)
     VALUES (?, ?, 0, 1)`,
    [testId, studentId],
  );
};

/** The same for a result whose total changed (a Mains evaluation): its learner and test. */
export const enqueueResult = async (trx: Db, resultId: number): Promise<void> => {
  await sqlRows(
    trx,
    `INSERT INTO ${SUMMARY_PENDING_TABLE} (test_id, student_id, claimed, added)
     SELECT rt.test_id, rs.student_id, 0, 0 FROM results_test_lnk rt
     JOIN results_student_lnk rs ON rs.result_id = rt.result_id
     WHERE rt.result_id = ?`,
    [resultId],
  );
};

/**
 * Drops the test's summary and queues every learner with a result of it: the rebuild (also the
 * backfill of a test never summarised). Waits for a fold in progress on PostgreSQL (the fold's
 * lock), so no fold adds rows counted from the answers as they were before this transaction.
 */
export const rebuildTest = async (trx: Db, testId: number): Promise<void> => {
  if (isPostgres(trx)) {
    await sqlRows(trx, 'SELECT pg_advisory_xact_lock(?, 0)', [FOLD_LOCK]);
  }
  for (const table of [SUMMARY_COUNTS_TABLE, SUMMARY_PICKS_TABLE, SUMMARY_PENDING_TABLE]) {
    await sqlRows(trx, `DELETE FROM ${table} WHERE test_id = ?`, [testId]);
  }
  await sqlRows(
    trx,
    `INSERT INTO ${SUMMARY_PENDING_TABLE} (test_id, student_id, claimed, added)
     SELECT DISTINCT rt.test_id, rs.student_id, 0, 0 FROM results_test_lnk rt
     JOIN results_student_lnk rs ON rs.result_id = rt.result_id
     WHERE rt.test_id = ?`,
    [testId],
  );
  await sqlRows(
    trx,
    `INSERT INTO ${SUMMARY_TESTS_TABLE} (test_id, results) SELECT CAST(? AS INTEGER), -1
     WHERE NOT EXISTS (SELECT 1 FROM ${SUMMARY_TESTS_TABLE} WHERE test_id = ?)`,
    [testId, testId],
  );
  // The count of results and the queue's `added` of one moment: a submit committed before it
  // is counted here and no longer added by the fold; one committed after it, the other way
  // round. PostgreSQL: one statement (its parts share one snapshot); SQLite has one writer.
  const count = `UPDATE ${SUMMARY_TESTS_TABLE} SET results =
    (SELECT COUNT(*) FROM results_test_lnk WHERE test_id = ?) WHERE test_id = ?`;
  const zero = `UPDATE ${SUMMARY_PENDING_TABLE} SET added = 0 WHERE test_id = ?`;
  if (isPostgres(trx)) {
    await sqlRows(trx, `WITH z AS (${zero} RETURNING 1) ${count}`, [testId, testId, testId]);
  } else {
    await sqlRows(trx, zero, [testId]);
    await sqlRows(trx, count, [testId, testId]);
  }
};
