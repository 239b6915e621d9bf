// GET /api/reports/tests/:documentId/subjects (issue 22): a test's scores broken down by subject,
// for the learners in scope together and for each of them (the first 200 by name). The chosen
// result of each learner (best or last) as the results list has it; every figure a SQL aggregate,
// over the reports' summary when it can answer (modules/report-summary).
// Random draws (issue 26): the questions a learner drew are copies (exam/draws.ts, `draw_test_id`)
// with the pool question's subject and the draw's marks. They count under that subject; as each
// learner draws their own, a learner's maximum is the test's own questions' marks plus the marks
// of the copies they drew, and the figures for everyone are means per learner (docs/decisions.md
// "Issue 26: drawn answers in reports").
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { chosenCte, pickOf, reportTarget } from './scope';
import { pickedCte, questionSumsSql, summaryUsable } from '../report-summary';
import { knexOf, sqlRows, toNumber } from '../../platform/db/sql';

type Query = Record<string, unknown>;

const LEARNERS = 200;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const round3 = (n: number): number => Math.round(n * 1000) / 1000;
const keyOf = (id: unknown): string => (id === null || id === undefined ? 'none' : String(id));

/**
 * The test's questions (own = 1) and the copies its draws gave learners (own = 0), with their
 * subject (none: null) and marks (a copy's are the draw's). Binds the test id twice.
 */
const QUESTIONS = `qsub AS (
  SELECT q.id AS question_id, qs.subject_id AS subject_id,
    COALESCE(q.points_correct_answer, 0) AS pts, 1 AS own
  FROM questions_test_lnk qt JOIN questions q ON q.id = qt.question_id
  LEFT JOIN questions_subject_lnk qs ON qs.question_id = q.id
  WHERE qt.test_id = ?
  UNION ALL
  SELECT q.id AS question_id, qs.subject_id AS subject_id,
    COALESCE(q.points_correct_answer, 0) AS pts, 0 AS own
  FROM questions q LEFT JOIN questions_subject_lnk qs ON qs.question_id = q.id
  WHERE q.draw_test_id = ?)`;

/** Marks a drawn copy's answers were worth (its marks × its answers; 0 for an own question). */
const DRAWN_MAX = 'SUM((1 - qsub.own) * perq.answers * qsub.pts)';

/**
 * Marks earned and answers scored above zero over the answers of the attempts in `source` (a CTE
 * with student_id and attempt_id: every chosen result, or one page), per question (and learner
 * when `byLearner`). Grouped by question before the questions' subjects are joined: with `qsub`
 * in the same join, SQLite's planner walked the answers once per question (a pass over every
 * answer of the test for each of its questions). CROSS JOIN fixes SQLite's join order to the
 * one written (PostgreSQL's planner still orders it): for a page of 200 learners SQLite otherwise
 * scanned all 5,000,000 answers against the page (8.9 s → 0.3 s at 50,000 learners).
 */
const sumsOf = (source: string, byLearner: boolean) => `perq AS (
  SELECT ${byLearner ? 'c.student_id AS student_id, ' : ''}aq.question_id AS question_id,
    SUM(COALESCE(an.points, 0)) AS earned,
    SUM(CASE WHEN an.points > 0 THEN 1 ELSE 0 END) AS right_n, COUNT(*) AS answers
  FROM ${source} c
  CROSS JOIN answers_attempt_lnk aa CROSS JOIN answers an CROSS JOIN answers_question_lnk aq
  WHERE aa.attempt_id = c.attempt_id AND an.id = aa.answer_id AND aq.answer_id = an.id
  GROUP BY ${byLearner ? 'c.student_id, ' : ''}aq.question_id)`;

/** Per learner of `source` and subject: marks earned, and the marks of the copies they drew. */
const PER = `per AS (
  SELECT perq.student_id AS student_id, qsub.subject_id AS subject_id,
    SUM(perq.earned) AS earned, ${DRAWN_MAX} AS drawn_max
  FROM perq JOIN qsub ON qsub.question_id = perq.question_id
  GROUP BY perq.student_id, qsub.subject_id)`;

export const testSubjects = async (
  strapi: Core.Strapi,
  caller: Caller,
  testIdInput: unknown,
  query: Query,
) => {
  const db = knexOf(strapi);
  const pick = pickOf(query.attempt);
  const { test, scope } = await reportTarget(db, caller, testIdInput, query.batchId);
  // Every learner of the test: the summary's picks and counters when it can answer
  // (modules/report-summary); a batch's or a faculty member's own learners: from the answers.
  const summary =
    scope.facultyId === null && scope.batchId === null && (await summaryUsable(db, test.id, pick));
  const cte = summary ? pickedCte(test.id, pick) : chosenCte(test.id, scope, pick);
  const head = `WITH ${cte.sql}, ${QUESTIONS}`;
  const bindings = [...cte.bindings, test.id, test.id];
  const totalsSql = summary
    ? `WITH ${QUESTIONS}, ${questionSumsSql()}`
    : `${head}, ${sumsOf('chosen', false)}`;
  const totalsBindings = summary ? [test.id, test.id, test.id, pick] : bindings;
  const [subjects, totals, [counted], page] = await Promise.all([
    sqlRows(
      db,
      `WITH ${QUESTIONS}
       SELECT qsub.subject_id, s.document_id, s.subject_name, SUM(qsub.own) AS questions,
         SUM(qsub.own * qsub.pts) AS max_marks
       FROM qsub LEFT JOIN subjects s ON s.id = qsub.subject_id
       GROUP BY qsub.subject_id, s.document_id, s.subject_name
       ORDER BY CASE WHEN qsub.subject_id IS NULL THEN 1 ELSE 0 END, s.subject_name ASC,
         qsub.subject_id ASC`,
      [test.id, test.id],
    ),
    sqlRows(
      db,
      `${totalsSql}
       SELECT qsub.subject_id AS subject_id, SUM(perq.earned) AS earned,
         SUM(perq.right_n) AS right_n, SUM((1 - qsub.own) * perq.answers) AS drawn_n,
         ${DRAWN_MAX} AS drawn_max
       FROM perq JOIN qsub ON qsub.question_id = perq.question_id
       GROUP BY qsub.subject_id`,
      totalsBindings,
    ),
    sqlRows(db, `WITH ${cte.sql} SELECT COUNT(*) AS n FROM chosen`, cte.bindings),
    sqlRows(
      db,
      // The page's learners first, then the marks of their answers only.
      `${head}, page AS (
         SELECT c.student_id, c.attempt_id, st.document_id, st.student_name FROM chosen c
         JOIN students st ON st.id = c.student_id
         ORDER BY st.student_name ASC, st.id ASC LIMIT ?), ${sumsOf('page', true)}, ${PER}
       SELECT p.student_id, p.document_id, p.student_name, per.subject_id, per.earned,
         per.drawn_max
       FROM page p LEFT JOIN per ON per.student_id = p.student_id
       ORDER BY p.student_name ASC, p.student_id ASC`,
      [...bindings, LEARNERS],
    ),
  ]);
  const n = Number(counted?.n ?? 0);
  const byKey = new Map(totals.map((t) => [keyOf(t.subject_id), t]));
  const learners = new Map<
    number,
    {
      learner: { documentId: string; name: string };
      earned: Map<string, number>;
      drawnMax: Map<string, number>;
    }
  >();
  for (const r of page) {
    const id = Number(r.student_id);
    const entry = learners.get(id) ?? {
      learner: { documentId: String(r.document_id), name: String(r.student_name ?? '') },
      earned: new Map<string, number>(),
      drawnMax: new Map<string, number>(),
    };
    if (r.earned !== null && r.earned !== undefined) {
      entry.earned.set(keyOf(r.subject_id), toNumber(r.earned) ?? 0);
      entry.drawnMax.set(keyOf(r.subject_id), toNumber(r.drawn_max) ?? 0);
    }
    learners.set(id, entry);
  }
  const ownOf = (s: Record<string, unknown>) => ({
    questions: Number(s.questions ?? 0),
    maxMarks: toNumber(s.max_marks) ?? 0,
  });
  return {
    subjects: subjects.map((s) => {
      const own = ownOf(s);
      const t = byKey.get(keyOf(s.subject_id));
      // Drawn: answers to copies of this subject over the learners counted (each learner has an
      // answer row per question they got once their attempt closed), and the marks they were worth.
      const drawn = Number(t?.drawn_n ?? 0);
      const drawnMax = toNumber(t?.drawn_max) ?? 0;
      const asked = n * own.questions + drawn;
      return {
        subject:
          s.subject_id === null
            ? null
            : { documentId: String(s.document_id), name: String(s.subject_name ?? '') },
        questions: round2(own.questions + (n > 0 ? drawn / n : 0)),
        drawnQuestions: n > 0 ? round2(drawn / n) : 0,
        maxMarks: round2(own.maxMarks + (n > 0 ? drawnMax / n : 0)),
        mean: n > 0 ? round2((toNumber(t?.earned) ?? 0) / n) : null,
        facility: n > 0 && asked > 0 ? round3(Number(t?.right_n ?? 0) / asked) : null,
      };
    }),
    learners: [...learners.values()].map((l) => ({
      learner: l.learner,
      subjects: subjects.map((s) => ({
        subjectDocumentId: s.subject_id === null ? null : String(s.document_id),
        score: round2(l.earned.get(keyOf(s.subject_id)) ?? 0),
        maxMarks: round2(ownOf(s).maxMarks + (l.drawnMax.get(keyOf(s.subject_id)) ?? 0)),
      })),
    })),
  };
};
