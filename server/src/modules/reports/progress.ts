// GET /api/reports/my-progress (a learner) and /api/reports/learners/:documentId/progress (staff)
// (issue 22): every result of a learner over time, MCQ and Mains, with rank and percentile of the
// MCQ ones, subject-wise averages and live-class attendance. Every figure is a SQL aggregate.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { mainsTestIds } from '../../access/facts/mains-tests';
import { unpublishedMainsResultIds } from '../../access/facts/withheld-results';
import { learnerScoreViews, standing } from '../exam';
import { documentIdOf, iso, knexOf, sqlRows, toNumber, type Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';

type Kind = 'test' | 'mains-test' | 'assignment';

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** The learner asked about: a learner themselves only; faculty a learner of their batches. */
const learnerOf = async (db: Db, caller: Caller, studentInput: unknown | null) => {
  if (caller.kind !== 'user') throw new HttpError(403, 'Sign in to see progress.');
  let where: { sql: string; value: unknown };
  if (studentInput === null) {
    if (caller.role !== 'student' || caller.studentId === null) {
      throw new HttpError(403, 'Only learners have their own progress.');
    }
    where = { sql: 's.id = ?', value: caller.studentId };
  } else {
    if (caller.role !== 'administrator' && caller.role !== 'faculty') {
      throw new HttpError(403, 'Only staff read a learner’s progress.');
    }
    const documentId = documentIdOf(studentInput);
    if (!documentId || documentId.length > 64) throw new HttpError(404, 'Unknown learner.');
    where = { sql: 's.document_id = ?', value: documentId };
  }
  const [row] = await sqlRows(
    db,
    `SELECT s.id, s.document_id, s.student_name, s.roll_number FROM students s WHERE ${where.sql}`,
    [where.value],
  );
  if (!row) throw new HttpError(404, 'Unknown learner.');
  if (studentInput !== null && caller.role === 'faculty') {
    const [seen] = await sqlRows(
      db,
      `SELECT COUNT(*) AS n FROM batches_students_lnk bs
       JOIN batches_faculties_lnk bf ON bf.batch_id = bs.batch_id
       WHERE bs.student_id = ? AND bf.faculty_id = ?`,
      [row.id, caller.facultyId ?? -1],
    );
    if (Number(seen?.n ?? 0) === 0) throw new HttpError(404, 'Unknown learner.');
  }
  return {
    id: Number(row.id),
    documentId: String(row.document_id),
    name: String(row.student_name ?? ''),
    rollNumber: (row.roll_number as string | null) ?? null,
  };
};

/** The learner's completed non-practice results, oldest first. */
const resultRows = (db: Db, studentId: number) =>
  sqlRows(
    db,
    `SELECT r.id, r.total_marks, r.created_at, a.start_date_time,
       rt.test_id, t.document_id AS test_document_id, t.test_name, t.maximum_marks AS test_max,
       (SELECT SUM(q.points_correct_answer) FROM questions_test_lnk qt
          JOIN questions q ON q.id = qt.question_id WHERE qt.test_id = rt.test_id) AS test_points,
       g.assignment_id, asg.document_id AS assignment_document_id, asg.assignment_name AS assignment_name,
       asg.maximum_marks AS assignment_max,
       (SELECT COUNT(*) FROM results_evaluations_lnk e WHERE e.result_id = r.id) AS evaluations
     FROM results r
     JOIN results_student_lnk rs ON rs.result_id = r.id
     LEFT JOIN results_attempt_lnk ra ON ra.result_id = r.id
     LEFT JOIN attempts a ON a.id = ra.attempt_id
     LEFT JOIN results_test_lnk rt ON rt.result_id = r.id
     LEFT JOIN tests t ON t.id = rt.test_id
     LEFT JOIN results_assignment_lnk g ON g.result_id = r.id
     LEFT JOIN assignments asg ON asg.id = g.assignment_id
     WHERE rs.student_id = ? AND COALESCE(a.is_practice_test, ?) = ?
       AND (rt.test_id IS NOT NULL OR g.assignment_id IS NOT NULL)
     ORDER BY COALESCE(a.start_date_time, r.created_at) ASC, r.id ASC`,
    [studentId, false, false],
  );

/** higher / lower / equal counts of each MCQ result among every learner's best of its test. */
const standings = async (db: Db, mine: Array<{ id: number; testId: number }>) => {
  const out = new Map<number, ReturnType<typeof standing>>();
  if (mine.length === 0) return out;
  const ids = mine.map((m) => m.id);
  const testIds = [...new Set(mine.map((m) => m.testId))];
  const rows = await sqlRows(
    db,
    `WITH best AS (
       SELECT rt.test_id, rs.student_id, MAX(ROUND(r.total_marks * 100)) AS best
       FROM results r JOIN results_test_lnk rt ON rt.result_id = r.id
       JOIN results_student_lnk rs ON rs.result_id = r.id
       JOIN results_attempt_lnk ra ON ra.result_id = r.id
       JOIN attempts a ON a.id = ra.attempt_id
       WHERE rt.test_id IN (${testIds.map(() => '?').join(', ')})
         AND COALESCE(a.is_practice_test, ?) = ?
       GROUP BY rt.test_id, rs.student_id),
     mine AS (SELECT r.id, rt.test_id, ROUND(r.total_marks * 100) AS total FROM results r
       JOIN results_test_lnk rt ON rt.result_id = r.id
       WHERE r.id IN (${ids.map(() => '?').join(', ')}))
     SELECT m.id,
       SUM(CASE WHEN b.best > m.total THEN 1 ELSE 0 END) AS higher,
       SUM(CASE WHEN b.best < m.total THEN 1 ELSE 0 END) AS lower_count,
       SUM(CASE WHEN b.best = m.total THEN 1 ELSE 0 END) AS equal_count
     FROM mine m JOIN best b ON b.test_id = m.test_id GROUP BY m.id`,
    [...testIds, false, false, ...ids],
  );
  for (const r of rows) {
    out.set(
      Number(r.id),
      standing(
        Number(r.higher ?? 0),
        Number(r.lower_count ?? 0),
        Math.max(1, Number(r.equal_count ?? 0)),
      ),
    );
  }
  return out;
};

/** Per subject: the mean over MCQ results of the share of its questions' marks earned. */
const subjectAverages = async (db: Db, resultIds: number[]) => {
  if (resultIds.length === 0) return [];
  const rows = await sqlRows(
    db,
    `WITH per AS (
       SELECT ra.result_id, qs.subject_id, SUM(COALESCE(an.points, 0)) AS earned,
         SUM(COALESCE(q.points_correct_answer, 0)) AS possible
       FROM results_attempt_lnk ra
       JOIN answers_attempt_lnk aa ON aa.attempt_id = ra.attempt_id
       JOIN answers an ON an.id = aa.answer_id
       JOIN answers_question_lnk aq ON aq.answer_id = an.id
       JOIN questions q ON q.id = aq.question_id
       JOIN questions_subject_lnk qs ON qs.question_id = q.id
       WHERE ra.result_id IN (${resultIds.map(() => '?').join(', ')})
       GROUP BY ra.result_id, qs.subject_id)
     SELECT s.document_id, s.subject_name AS name, COUNT(*) AS results,
       AVG(CASE WHEN per.possible > 0 THEN 100.0 * per.earned / per.possible END) AS average
     FROM per JOIN subjects s ON s.id = per.subject_id
     GROUP BY s.id, s.document_id, s.subject_name ORDER BY s.subject_name ASC, s.id ASC`,
    resultIds,
  );
  return rows.map((r) => ({
    subject: { documentId: String(r.document_id), name: String(r.name ?? '') },
    average: r.average === null ? null : round1(Number(r.average)),
    results: Number(r.results),
  }));
};

/** Classes attended, out of the past, not cancelled classes of the learner's batches or attended. */
const attendanceOf = async (db: Db, studentId: number) => {
  const [row] = await sqlRows(
    db,
    `WITH attended AS (
       SELECT DISTINCT ac.class_id FROM attendances_student_lnk ast
       JOIN attendances_class_lnk ac ON ac.attendance_id = ast.attendance_id
       WHERE ast.student_id = ?),
     due AS (
       SELECT cb.class_id FROM classes_batches_lnk cb
       JOIN batches_students_lnk bs ON bs.batch_id = cb.batch_id
       JOIN classes c ON c.id = cb.class_id
       WHERE bs.student_id = ? AND c.date <= ? AND COALESCE(c.cancelled, ?) = ?
       UNION SELECT class_id FROM attended)
     SELECT (SELECT COUNT(*) FROM attended) AS present, (SELECT COUNT(*) FROM due) AS total`,
    [studentId, studentId, new Date(), false, false],
  );
  return { present: Number(row?.present ?? 0), total: Number(row?.total ?? 0) };
};

export const learnerProgress = async (
  strapi: Core.Strapi,
  caller: Caller,
  studentInput: unknown | null,
) => {
  const db = knexOf(strapi);
  const learner = await learnerOf(db, caller, studentInput);
  const rows = await resultRows(db, learner.id);
  const testIds = [...new Set(rows.map((r) => r.test_id).filter((id) => id !== null))];
  const mains = await mainsTestIds(db, testIds.map(Number));
  const kindOf = (r: Record<string, unknown>): Kind =>
    r.assignment_id !== null
      ? 'assignment'
      : mains.has(Number(r.test_id)) || Number(r.evaluations ?? 0) > 0
        ? 'mains-test'
        : 'test';
  const withheld =
    studentInput === null
      ? await unpublishedMainsResultIds(
          strapi,
          rows.map((r) => Number(r.id)),
        )
      : null;
  const shown = rows.filter((r) => !withheld?.has(Number(r.id)));
  // The learner's own: each test's review options decide whether its score and rank show yet.
  const views =
    studentInput === null
      ? await learnerScoreViews(strapi, caller, [
          ...new Set(shown.filter((r) => kindOf(r) === 'test').map((r) => Number(r.test_id))),
        ])
      : null;
  const scoreShown = (r: Record<string, unknown>) =>
    kindOf(r) !== 'test' || (views?.get(Number(r.test_id))?.score ?? true);
  const rankShown = (r: Record<string, unknown>) => views?.get(Number(r.test_id))?.rank ?? true;
  const mcq = shown.filter((r) => kindOf(r) === 'test' && scoreShown(r));
  const ranks = await standings(
    db,
    mcq.map((r) => ({ id: Number(r.id), testId: Number(r.test_id) })),
  );
  const results = shown.map((r) => {
    const kind = kindOf(r);
    const score = scoreShown(r) ? toNumber(r.total_marks) : null;
    const maxMarks =
      kind === 'assignment'
        ? toNumber(r.assignment_max)
        : (toNumber(r.test_max) ?? toNumber(r.test_points));
    const s = rankShown(r) ? ranks.get(Number(r.id)) : undefined;
    return {
      kind,
      work: {
        documentId: String(kind === 'assignment' ? r.assignment_document_id : r.test_document_id),
        name: String((kind === 'assignment' ? r.assignment_name : r.test_name) ?? ''),
      },
      date: iso(r.start_date_time ?? r.created_at),
      score,
      maxMarks,
      percent: score !== null && maxMarks ? round1((score / maxMarks) * 100) : null,
      rank: s?.rank ?? null,
      percentile: s?.percentile ?? null,
    };
  });
  const { id: studentId, ...shownLearner } = learner;
  return {
    data: {
      learner: shownLearner,
      results,
      subjects: await subjectAverages(
        db,
        mcq.map((r) => Number(r.id)),
      ),
      attendance: await attendanceOf(db, studentId),
    },
  };
};
