// Mains results and evaluations as raw rows, and their shapes for the answers.
import type { Knex } from 'knex';
import { iso, toBool, toNumber } from '../../platform/db/sql';
import type { Data, Kind, Work } from './work';
import { filesOf } from './work';
import { readQuestionMarks, type QuestionMark } from './question-marks';

// ---------------------------------------------------------------------------------------------
// Results and evaluations (raw rows)

export interface ResultRow {
  id: number;
  documentId: string;
  studentId: number;
  workId: number;
  attemptId: number | null;
  total_marks: number | null;
  is_published: boolean;
  submittedAt: string | null;
}

export const workColumn = (kind: Kind): { lnk: string; col: string } =>
  kind === 'test'
    ? { lnk: 'results_test_lnk', col: 'test_id' }
    : { lnk: 'results_assignment_lnk', col: 'assignment_id' };

/** Results of works of `kind` (newest first), optionally of some students / works / ids. */
export const resultRows = async (
  db: Knex | Knex.Transaction,
  kind: Kind,
  where: {
    workIds?: number[];
    studentIds?: number[];
    resultIds?: number[];
    documentIds?: string[];
  },
): Promise<ResultRow[]> => {
  const { lnk, col } = workColumn(kind);
  let q = db('results as r')
    .join(`${lnk} as w`, 'w.result_id', 'r.id')
    .join('results_student_lnk as s', 's.result_id', 'r.id')
    .leftJoin('results_attempt_lnk as ra', 'ra.result_id', 'r.id')
    .select(
      'r.id',
      'r.document_id',
      'r.total_marks',
      'r.is_published',
      'r.created_at',
      's.student_id',
      `w.${col} as work_id`,
      'ra.attempt_id',
    )
    .orderBy('r.id', 'desc');
  if (where.workIds) q = q.whereIn(`w.${col}`, where.workIds.length ? where.workIds : [-1]);
  if (where.studentIds)
    q = q.whereIn('s.student_id', where.studentIds.length ? where.studentIds : [-1]);
  if (where.resultIds) q = q.whereIn('r.id', where.resultIds.length ? where.resultIds : [-1]);
  if (where.documentIds)
    q = q.whereIn('r.document_id', where.documentIds.length ? where.documentIds : ['']);
  const rows = (await q) as Array<Data>;
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    studentId: Number(r.student_id),
    workId: Number(r.work_id),
    attemptId: r.attempt_id === null || r.attempt_id === undefined ? null : Number(r.attempt_id),
    total_marks: toNumber(r.total_marks),
    is_published: toBool(r.is_published),
    submittedAt: iso(r.created_at),
  }));
};

/** The result of a kind by documentId (either kind). */
export const findResult = async (
  db: Knex | Knex.Transaction,
  documentId: string,
): Promise<{ kind: Kind; row: ResultRow } | null> => {
  for (const kind of ['test', 'assignment'] as const) {
    const [row] = await resultRows(db, kind, { documentIds: [documentId] });
    if (row) {
      return { kind, row };
    }
  }
  return null;
};

export interface EvaluationRow {
  id: number;
  documentId: string;
  resultId: number;
  subjectId: number | null;
  subjectDocumentId: string | null;
  subjectName: string | null;
  facultyId: number | null;
  facultyDocumentId: string | null;
  facultyName: string | null;
  total_marks: number | null;
  start_date_time: string | null;
  end_date_time: string | null;
  /** Per-question marks (issue 27); empty for an evaluation marked with one total. */
  questionMarks: QuestionMark[];
}

export const evaluationRows = async (
  db: Knex | Knex.Transaction,
  where: { resultIds?: number[]; evaluationIds?: number[]; documentIds?: string[] },
): Promise<EvaluationRow[]> => {
  let q = db('results_evaluations_lnk as re')
    .join('evaluations as e', 'e.id', 're.evaluation_id')
    .leftJoin('evaluations_subject_lnk as es', 'es.evaluation_id', 'e.id')
    .leftJoin('subjects as sub', 'sub.id', 'es.subject_id')
    .leftJoin('evaluations_faculty_lnk as ef', 'ef.evaluation_id', 'e.id')
    .leftJoin('faculties as fac', 'fac.id', 'ef.faculty_id')
    .select(
      'e.id',
      'e.document_id',
      're.result_id',
      'sub.id as subject_id',
      'sub.document_id as subject_document_id',
      'sub.subject_name',
      'fac.id as faculty_id',
      'fac.document_id as faculty_document_id',
      'fac.faculty_name',
      'e.total_marks',
      'e.start_date_time',
      'e.end_date_time',
      'e.question_marks',
    )
    .orderBy('e.id', 'asc');
  if (where.resultIds)
    q = q.whereIn('re.result_id', where.resultIds.length ? where.resultIds : [-1]);
  if (where.evaluationIds)
    q = q.whereIn('e.id', where.evaluationIds.length ? where.evaluationIds : [-1]);
  if (where.documentIds)
    q = q.whereIn('e.document_id', where.documentIds.length ? where.documentIds : ['']);
  const rows = (await q) as Array<Data>;
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id: Number(r.id),
    documentId: String(r.document_id),
    resultId: Number(r.result_id),
    subjectId: num(r.subject_id),
    subjectDocumentId: (r.subject_document_id as string | null) ?? null,
    subjectName: (r.subject_name as string | null) ?? null,
    facultyId: num(r.faculty_id),
    facultyDocumentId: (r.faculty_document_id as string | null) ?? null,
    facultyName: (r.faculty_name as string | null) ?? null,
    total_marks: toNumber(r.total_marks),
    start_date_time: iso(r.start_date_time),
    end_date_time: iso(r.end_date_time),
    questionMarks: readQuestionMarks(r.question_marks),
  }));
};

export const EVALUATION_TYPE = 'api::evaluation.evaluation';
export const ANSWER_TYPE = 'api::answer.answer';

/** The contract's Evaluation shape (with its marked copy). */
export const evaluationShapes = async (
  db: Knex | Knex.Transaction,
  rows: EvaluationRow[],
): Promise<Map<number, Data>> => {
  const docs = await filesOf(
    db,
    EVALUATION_TYPE,
    'evaluation_document',
    rows.map((r) => r.id),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        documentId: r.documentId,
        subject: r.subjectDocumentId
          ? { documentId: r.subjectDocumentId, name: r.subjectName ?? '' }
          : null,
        faculty: r.facultyDocumentId
          ? { documentId: r.facultyDocumentId, name: r.facultyName ?? '' }
          : null,
        total_marks: r.total_marks,
        start_date_time: r.start_date_time,
        end_date_time: r.end_date_time,
        questions: r.questionMarks,
        evaluation_document: docs.get(r.id)?.[0] ?? null,
      },
    ]),
  );
};

export const subjectsShape = (work: Work): Data[] =>
  work.subjects.map((s) => ({ documentId: s.documentId, name: s.name }));

/** Status input of one result from its evaluation rows. */
export const statusEvaluations = (rows: EvaluationRow[]) =>
  rows.map((e) => ({ subject: e.subjectDocumentId, ended: e.end_date_time !== null }));
