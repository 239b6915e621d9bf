// Which result of each learner a report counts (issue 22): the one definition, used by the
// reports' queries (modules/reports) and by the summary's fold (fold.ts), so the summary counts
// exactly the results the from-scratch queries count.

/**
 * The learners whose results a report counts: `facultyId` set → only learners of that faculty
 * member's batches (the faculty scope of results, access/rules.ts); `batchId` set → only learners
 * of that batch. Both null: every learner of the test.
 */
export interface ReportScope {
  facultyId: number | null;
  batchId: number | null;
}

export type Pick = 'best' | 'last';

export const PICKS: readonly Pick[] = ['best', 'last'];

/**
 * `chosen`: one row per learner in scope, their best (highest total, then the earliest result)
 * or last (latest started attempt) completed, non-practice result of the test; `all` keeps every
 * completed non-practice result. Columns: result_id, student_id, attempt_id, total, seconds,
 * passed, attempt_number (1 = the learner's first non-practice attempt of the test).
 * `students`: a sub-SELECT of student ids to restrict it to (the summary's fold).
 */
export const chosenCte = (
  testId: number,
  scope: ReportScope,
  pick: Pick | 'all',
  students?: { sql: string; bindings: unknown[] },
): { sql: string; bindings: unknown[] } => {
  const order =
    pick === 'last' ? 'a.start_date_time DESC, r.id DESC' : 'r.total_marks DESC, r.id ASC';
  const bindings: unknown[] = [testId, false, false];
  let where = 'rt.test_id = ? AND COALESCE(a.is_practice_test, ?) = ?';
  if (scope.facultyId !== null) {
    where += ` AND rs.student_id IN (SELECT bs.student_id FROM batches_students_lnk bs
      JOIN batches_faculties_lnk bf ON bf.batch_id = bs.batch_id WHERE bf.faculty_id = ?)`;
    bindings.push(scope.facultyId);
  }
  if (scope.batchId !== null) {
    where +=
      ' AND rs.student_id IN (SELECT student_id FROM batches_students_lnk WHERE batch_id = ?)';
    bindings.push(scope.batchId);
  }
  if (students) {
    where += ` AND rs.student_id IN (${students.sql})`;
    bindings.push(...students.bindings);
  }
  const sql = `chosen AS (
    SELECT result_id, student_id, attempt_id, total, seconds, passed, attempt_number FROM (
      SELECT r.id AS result_id, rs.student_id AS student_id, a.id AS attempt_id,
        r.total_marks AS total, r.time_taken_seconds AS seconds, r.passed AS passed,
        ROW_NUMBER() OVER (PARTITION BY rs.student_id ORDER BY ${order}) AS pick_rank,
        ROW_NUMBER() OVER (PARTITION BY rs.student_id ORDER BY a.start_date_time ASC, a.id ASC)
          AS attempt_number
      FROM results r
      JOIN results_test_lnk rt ON rt.result_id = r.id
      JOIN results_student_lnk rs ON rs.result_id = r.id
      JOIN results_attempt_lnk ra ON ra.result_id = r.id
      JOIN attempts a ON a.id = ra.attempt_id
      WHERE ${where}
    ) x ${pick === 'all' ? '' : 'WHERE pick_rank = 1'})`;
  return { sql, bindings };
};
