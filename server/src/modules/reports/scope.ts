// Who may read a test's reports, and which learners' results they see (issue 22).
import type { Caller } from '../../access/caller';
import { documentIdOf, sqlRows, toNumber, type Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import type { Pick, ReportScope } from '../report-summary';
import { drawnMarks, storedSectionDefs } from '../exam';

export { chosenCte, type Pick, type ReportScope } from '../report-summary';

export interface ReportTest {
  id: number;
  documentId: string;
  name: string;
  /**
   * The test's MaximumMarks, else the sum of its questions' correct points and of its draws'
   * marks (issue 26: count × marks of each section's draw).
   */
  maxMarks: number;
  passMark: number | null;
  durationMinutes: number | null;
  /** The questions each learner gets: the test's own and those their draws add. */
  questions: number;
}

export const pickOf = (value: unknown): Pick => {
  if (value === undefined || value === null || value === '' || value === 'best') {
    return 'best';
  }
  if (value === 'last') {
    return 'last';
  }
  throw new HttpError(400, 'attempt must be best or last.');
};

const staffRole = (caller: Caller): { facultyId: number | null } => {
  if (caller.kind !== 'user' || (caller.role !== 'administrator' && caller.role !== 'faculty')) {
    throw new HttpError(403, 'Only staff can read reports.');
  }
  return { facultyId: caller.role === 'faculty' ? (caller.facultyId ?? -1) : null };
};

const loadTest = async (db: Db, documentId: string): Promise<ReportTest | null> => {
  const [row] = await sqlRows(
    db,
    `SELECT t.id, t.document_id, t.test_name, t.maximum_marks, t.pass_mark, t.test_duration,
       t.sections, (SELECT COUNT(*) FROM questions_test_lnk qt WHERE qt.test_id = t.id) AS questions,
       (SELECT SUM(q.points_correct_answer) FROM questions_test_lnk qt
          JOIN questions q ON q.id = qt.question_id WHERE qt.test_id = t.id) AS points
     FROM tests t WHERE t.document_id = ?`,
    [documentId],
  );
  if (!row) {
    return null;
  }
  const draws = (storedSectionDefs(row.sections) ?? []).map((s) => s.draw);
  const drawn = draws.reduce((n, d) => n + (d?.count ?? 0), 0);
  return {
    id: Number(row.id),
    documentId: String(row.document_id),
    name: String(row.test_name ?? ''),
    maxMarks: toNumber(row.maximum_marks) ?? (toNumber(row.points) ?? 0) + drawnMarks(draws),
    passMark: toNumber(row.pass_mark),
    durationMinutes: toNumber(row.test_duration),
    questions: Number(row.questions ?? 0) + drawn,
  };
};

/**
 * A faculty member sees a test assigned to them (every learner's result, as the results scope
 * says), or, for the learners of their batches only, a test of one of their batches or one those
 * learners have a result of. Anything else is unknown to them (404).
 */
const facultyScope = async (db: Db, testId: number, facultyId: number): Promise<number | null> => {
  const [row] = await sqlRows(
    db,
    `SELECT
       (SELECT COUNT(*) FROM tests_faculties_lnk WHERE test_id = ? AND faculty_id = ?) AS assigned,
       (SELECT COUNT(*) FROM tests_batch_lnk tb
          JOIN batches_faculties_lnk bf ON bf.batch_id = tb.batch_id
          WHERE tb.test_id = ? AND bf.faculty_id = ?) AS of_batch,
       (SELECT COUNT(*) FROM results_test_lnk rt
          JOIN results_student_lnk rs ON rs.result_id = rt.result_id
          JOIN batches_students_lnk bs ON bs.student_id = rs.student_id
          JOIN batches_faculties_lnk bf ON bf.batch_id = bs.batch_id
          WHERE rt.test_id = ? AND bf.faculty_id = ?) AS of_learners`,
    [testId, facultyId, testId, facultyId, testId, facultyId],
  );
  if (Number(row?.assigned ?? 0) > 0) {
    return null;
  }
  if (Number(row?.of_batch ?? 0) > 0 || Number(row?.of_learners ?? 0) > 0) {
    return facultyId;
  }
  throw new HttpError(404, 'Unknown test.');
};

/** The test a staff member asks about and the scope of their report; 400, 403 or 404 else. */
export const reportTarget = async (
  db: Db,
  caller: Caller,
  testIdInput: unknown,
  batchIdInput: unknown,
): Promise<{ test: ReportTest; scope: ReportScope }> => {
  const role = staffRole(caller);
  const documentId = documentIdOf(testIdInput);
  if (!documentId || documentId.length > 64) {
    throw new HttpError(400, 'testId must be the documentId of a test.');
  }
  const test = await loadTest(db, documentId);
  if (!test) {
    throw new HttpError(404, 'Unknown test.');
  }
  const facultyId =
    role.facultyId === null ? null : await facultyScope(db, test.id, role.facultyId);
  let batchId: number | null = null;
  if (batchIdInput !== undefined && batchIdInput !== '') {
    const batchDocument = documentIdOf(batchIdInput);
    const [batch] = batchDocument
      ? await sqlRows(db, 'SELECT id FROM batches WHERE document_id = ?', [batchDocument])
      : [];
    if (!batch) {
      throw new HttpError(400, 'batchId must be the documentId of a batch.');
    }
    batchId = Number(batch.id);
  }
  return { test, scope: { facultyId, batchId } };
};
