// One learner's Mains script for staff: answers with their documents, evaluations by subject,
// and who may open it (results.ts is the door).
import { readRubric } from '../catalogue';
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { iso, documentIdOf, knexOf } from '../../platform/db/sql';
import { mainsStatus } from './status';
import { answerShapes } from './learner-attempt';
import { batchesOfStudents, staffOf, type Staff } from './staff';
import { loadWorks, type Data, type Kind, type Work } from './work';
import {
  evaluationRows,
  evaluationShapes,
  findResult,
  statusEvaluations,
  subjectsShape,
  type ResultRow,
} from './result-rows';
import { evaluableSubjects, studentsByIds, studentsOfBatches } from './staff-lists';
import { HttpError } from '../../platform/http/errors';
import { reopeningsOf } from './reopen';
import { mayReadAllocated } from '../../access/facts/allocations';
import { myModerations } from './moderation';

export const scriptAccess = async (
  strapi: Core.Strapi,
  caller: Caller,
  resultIdInput: unknown,
): Promise<{
  kind: Kind;
  work: Work;
  result: ResultRow;
  staff: Staff | null;
}> => {
  const documentId = documentIdOf(resultIdInput);
  const knex = knexOf(strapi);
  const found = documentId ? await findResult(knex, documentId) : null;
  const missing = new HttpError(404, 'Unknown result.');
  if (!found) {
    throw missing;
  }
  const [work] = await loadWorks(strapi, found.kind, [found.row.workId]);
  if (!work) {
    throw missing;
  }
  if (caller.kind === 'user' && caller.role === 'student') {
    if (caller.studentId !== found.row.studentId) {
      throw missing;
    }
    return { kind: found.kind, work, result: found.row, staff: null };
  }
  let staff: Staff;
  try {
    staff = await staffOf(strapi, caller);
  } catch {
    throw missing;
  }
  if (staff.role === 'faculty') {
    const learners = await studentsOfBatches(knex, staff.batchIds);
    const linked = work.facultyIds.includes(staff.facultyId ?? -1);
    if (!learners.has(found.row.studentId) && !linked) {
      throw missing;
    }
    // Issue 27: once allocated, only the faculty member it is allocated to (access/facts).
    if (!mayReadAllocated(staff.allocation, found.kind, work.id, found.row.id)) {
      throw missing;
    }
  }
  return { kind: found.kind, work, result: found.row, staff };
};

/** GET /api/mains/scripts/:resultId */
export const script = async (
  strapi: Core.Strapi,
  caller: Caller,
  resultIdInput: unknown,
): Promise<Data> => {
  const { work, result, staff } = await scriptAccess(strapi, caller, resultIdInput);
  const knex = knexOf(strapi);
  const [student] = await studentsByIds(knex, [result.studentId]);
  const batches = (await batchesOfStudents(knex, [result.studentId])).get(result.studentId) ?? [];
  const evaluations = await evaluationRows(knex, { resultIds: [result.id] });
  const { status, pendingSubjects } = mainsStatus({
    result: { is_published: result.is_published },
    subjects: work.subjects,
    evaluations: statusEvaluations(evaluations),
  });
  const answers = (await knex('results_answers_lnk as ra')
    .join('answers as a', 'a.id', 'ra.answer_id')
    .leftJoin('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
    .leftJoin('questions as q', 'q.id', 'aq.question_id')
    .where('ra.result_id', result.id)
    .orderBy('q.id', 'asc')
    .orderBy('a.id', 'asc')
    .select('a.id', 'a.document_id', 'q.document_id as question')) as Data[];
  const answerRows = answers.map((a) => ({
    id: Number(a.id),
    documentId: String(a.document_id),
    question: (a.question as string | null) ?? null,
  }));
  const questionLnk = work.kind === 'test' ? 'questions_test_lnk' : 'questions_assignment_lnk';
  const questionCol = work.kind === 'test' ? 'test_id' : 'assignment_id';
  const questions = (await knex(`${questionLnk} as l`)
    .join('questions as q', 'q.id', 'l.question_id')
    .leftJoin('questions_subject_lnk as qs', 'qs.question_id', 'q.id')
    .leftJoin('subjects as sub', 'sub.id', 'qs.subject_id')
    .where(`l.${questionCol}`, work.id)
    .orderBy('q.id', 'asc')
    .select(
      'q.document_id',
      'q.question',
      'q.points_correct_answer',
      'q.rubric',
      'sub.document_id as subject_document_id',
      'sub.subject_name',
    )) as Data[];
  const published = result.is_published;
  const showMarks = staff !== null || published;
  const shapes = showMarks ? await evaluationShapes(knex, evaluations) : new Map<number, Data>();
  // Who reopened an evaluation and why (issue 27) is for staff only.
  const reopened = staff
    ? await reopeningsOf(
        knex,
        evaluations.map((e) => e.documentId),
      )
    : new Map();
  return {
    work: {
      kind: work.kind,
      documentId: work.documentId,
      name: work.name,
      maximumMarks: work.maximumMarks,
      allowHalfMarks: work.allowHalfMarks,
      subjects: subjectsShape(work),
    },
    student: student
      ? {
          documentId: student.documentId,
          name: student.name,
          email: student.email,
          batchNames: batches.map((b) => b.name),
        }
      : null,
    result: {
      documentId: result.documentId,
      total_marks: showMarks ? result.total_marks : null,
      is_published: published,
      submittedAt: result.submittedAt,
    },
    submittedAt: result.submittedAt ?? iso(null),
    status,
    pendingSubjects,
    questions: questions.map((q) => ({
      documentId: q.document_id,
      question: q.question,
      subject: q.subject_document_id
        ? { documentId: q.subject_document_id, name: q.subject_name ?? '' }
        : null,
      points_correct_answer:
        q.points_correct_answer === null ? null : Number(q.points_correct_answer),
      // The rubric is staff data (issue 27): learners see only the levels reached, when published.
      ...(staff ? { rubric: readRubric(q.rubric) } : {}),
    })),
    answers: await answerShapes(knex, answerRows),
    evaluations: showMarks
      ? evaluations.map((e) =>
          staff
            ? { ...shapes.get(e.id), reopenings: reopened.get(e.documentId) ?? [] }
            : shapes.get(e.id),
        )
      : [],
    // Issue 27: the subjects the caller moderates on this script, with their marks so far.
    moderating:
      staff?.role === 'faculty' ? await myModerations(strapi, staff.facultyId, result.id) : [],
    canEvaluate: staff
      ? evaluableSubjects(
          staff,
          work,
          result,
          batches.map((b) => b.id),
          evaluations,
        )
      : [],
  };
};
