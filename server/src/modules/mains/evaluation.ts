import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { round2 } from '../exam';
import {
  insertReturningIds,
  isPostgres,
  systemColumns,
  toNumber,
  documentIdOf,
  knexOf,
} from '../../platform/db/sql';
import { evaluableSubjects } from './staff-lists';
import {
  applyQuestionMarks,
  questionTotal,
  subjectMaximum,
  subjectQuestions,
  unmarked,
} from './question-marks';
import type { IncomingFile } from '../../platform/files/uploads';
import type { StoreFiles } from './answer-documents';
import { batchesOfStudents, staffOf, type Staff } from './staff';
import { loadWorks, type Data, type Work } from './work';
import {
  EVALUATION_TYPE,
  evaluationRows,
  evaluationShapes,
  findResult,
  type EvaluationRow,
} from './result-rows';
import { HttpError } from '../../platform/http/errors';
import { evaluationCompleted } from './notices';
import { enqueueResult } from '../report-summary';
import { mayMarkAllocated } from '../../access/facts/allocations';

/**
 * Faculty evaluation of Mains scripts (issue 8), subject by subject. A faculty member evaluates
 * subject S of learner L's result only if S ∈ their subjects ∩ the work's subjects and L is in one
 * of their batches; one evaluation per (result, subject). Every change recomputes the result's
 * total_marks (the sum of the non-null evaluation marks) in the same transaction. Nothing changes
 * once the result is published.
 */
const notAssigned = (subject: string): HttpError =>
  new HttpError(403, `You are not assigned to evaluate ${subject} for this learner.`);

const faculty = async (strapi: Core.Strapi, caller: Caller): Promise<Staff> => {
  let staff: Staff;
  try {
    staff = await staffOf(strapi, caller);
  } catch {
    throw new HttpError(403, 'Only faculty evaluate answers.');
  }
  if (staff.role !== 'faculty' || staff.facultyId === null) {
    throw new HttpError(403, 'Only faculty evaluate answers.');
  }
  return staff;
};

export const one = async (db: Knex | Knex.Transaction, id: number): Promise<Data> => {
  const rows = await evaluationRows(db, { evaluationIds: [id] });
  return (await evaluationShapes(db, rows)).get(id) ?? {};
};

/** total_marks of the result = the sum of its evaluations' non-null marks (null when none). */
export const recomputeTotal = async (trx: Knex.Transaction, resultId: number): Promise<void> => {
  const rows = (await trx('results_evaluations_lnk as re')
    .join('evaluations as e', 'e.id', 're.evaluation_id')
    .where('re.result_id', resultId)
    .whereNotNull('e.total_marks')
    .select('e.total_marks')) as Array<{ total_marks: unknown }>;
  const total =
    rows.length === 0
      ? null
      : round2(rows.reduce((sum, r) => sum + (toNumber(r.total_marks) ?? 0), 0));
  await trx('results')
    .where({ id: resultId })
    .update({ total_marks: total, updated_at: new Date() });
  // The reports' summary (issue 22) counts the learner's results of the test again.
  await enqueueResult(trx, resultId);
};

export const lockResult = async (trx: Knex.Transaction, resultId: number) => {
  if (isPostgres(trx)) {
    await trx('results').where({ id: resultId }).forUpdate().first('id');
  }
  const row = (await trx('results').where({ id: resultId }).first('is_published')) as
    { is_published: unknown } | undefined;
  return row?.is_published === true || row?.is_published === 1 || row?.is_published === '1';
};

/** POST /api/mains/evaluations {resultId, subjectId} → 201 new / 200 the caller's own */
export const createEvaluation = async (
  strapi: Core.Strapi,
  caller: Caller,
  body: Data,
): Promise<{ created: boolean; data: Data }> => {
  const staff = await faculty(strapi, caller);
  const knex = knexOf(strapi);
  const resultDoc = documentIdOf(body.resultId);
  const found = resultDoc ? await findResult(knex, resultDoc) : null;
  if (!found) {
    throw new HttpError(404, 'Unknown result.');
  }
  const [work] = await loadWorks(strapi, found.kind, [found.row.workId]);
  const subjectDoc = documentIdOf(body.subjectId);
  const subject = work?.subjects.find((s) => s.documentId === subjectDoc) ?? null;
  if (!work || !subject) {
    const named = subjectDoc
      ? ((await knex('subjects').where('document_id', subjectDoc).first('subject_name')) as
          { subject_name: string } | undefined)
      : undefined;
    throw notAssigned(named?.subject_name ?? 'this subject');
  }
  const result = found.row;
  const batches = (await batchesOfStudents(knex, [result.studentId])).get(result.studentId) ?? [];
  const learnerBatchIds = batches.map((b) => b.id);
  if (
    !staff.subjectIds.has(subject.id) ||
    !learnerBatchIds.some((id) => staff.batchIds.has(id)) ||
    !mayMarkAllocated(staff.allocation, found.kind, work.id, result.id, subject.id)
  ) {
    throw notAssigned(subject.name);
  }
  const outcome = await knex.transaction(async (trx) => {
    if (await lockResult(trx, result.id)) {
      throw new HttpError(409, 'This result is published.');
    }
    const existing = (await evaluationRows(trx, { resultIds: [result.id] })).find(
      (e) => e.subjectId === subject.id,
    );
    if (existing) {
      if (existing.facultyId !== staff.facultyId) {
        throw new HttpError(
          409,
          `${subject.name} is already being evaluated by ${existing.facultyName ?? 'another faculty member'}.`,
        );
      }
      return { created: false, id: existing.id };
    }
    const now = new Date();
    const [evaluation] = await insertReturningIds(trx, 'evaluations', [
      { ...systemColumns(now), total_marks: null, start_date_time: now, end_date_time: null },
    ]);
    // The answer it marks: the first of this subject's questions in the script, else the first.
    const answer = (await trx('results_answers_lnk as ra')
      .join('answers as a', 'a.id', 'ra.answer_id')
      .leftJoin('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
      .leftJoin('questions_subject_lnk as qs', 'qs.question_id', 'aq.question_id')
      .where('ra.result_id', result.id)
      .orderByRaw('CASE WHEN qs.subject_id = ? THEN 0 ELSE 1 END', [subject.id])
      .orderBy('a.id', 'asc')
      .first('a.id')) as { id: number } | undefined;
    await trx('evaluations_faculty_lnk').insert({
      evaluation_id: evaluation.id,
      faculty_id: staff.facultyId,
    });
    await trx('evaluations_subject_lnk').insert({
      evaluation_id: evaluation.id,
      subject_id: subject.id,
    });
    if (answer) {
      await trx('evaluations_answer_lnk').insert({
        evaluation_id: evaluation.id,
        answer_id: Number(answer.id),
      });
    }
    await trx(found.kind === 'test' ? 'evaluations_test_lnk' : 'evaluations_assignment_lnk').insert(
      {
        evaluation_id: evaluation.id,
        [found.kind === 'test' ? 'test_id' : 'assignment_id']: work.id,
      },
    );
    const last = (await trx('results_evaluations_lnk')
      .where({ result_id: result.id })
      .max({ m: 'evaluation_ord' })
      .first()) as { m: number | string | null } | undefined;
    await trx('results_evaluations_lnk').insert({
      result_id: result.id,
      evaluation_id: evaluation.id,
      evaluation_ord: Number(last?.m ?? 0) + 1,
    });
    return { created: true, id: evaluation.id };
  });
  return { created: outcome.created, data: await one(knex, outcome.id) };
};

interface OwnEvaluation {
  evaluation: EvaluationRow;
  work: Work;
  staff: Staff;
}

export const ownEvaluation = async (
  strapi: Core.Strapi,
  caller: Caller,
  evaluationIdInput: unknown,
): Promise<OwnEvaluation> => {
  const staff = await faculty(strapi, caller);
  const knex = knexOf(strapi);
  const documentId = documentIdOf(evaluationIdInput);
  const [evaluation] = documentId ? await evaluationRows(knex, { documentIds: [documentId] }) : [];
  if (!evaluation) {
    throw new HttpError(404, 'Unknown evaluation.');
  }
  if (evaluation.facultyId !== staff.facultyId) {
    throw new HttpError(403, 'You can change only your own evaluations.');
  }
  const resultDoc = (await knex('results')
    .where({ id: evaluation.resultId })
    .first('document_id')) as { document_id: string } | undefined;
  const found = resultDoc ? await findResult(knex, resultDoc.document_id) : null;
  const [work] = found ? await loadWorks(strapi, found.kind, [found.row.workId]) : [];
  if (!found || !work) {
    throw new HttpError(404, 'Unknown evaluation.');
  }
  // Still in scope (a faculty member moved out of the learner's batches loses the script).
  const batches =
    (await batchesOfStudents(knex, [found.row.studentId])).get(found.row.studentId) ?? [];
  const allowed = evaluableSubjects(
    staff,
    work,
    { ...found.row, is_published: false },
    batches.map((b) => b.id),
    [evaluation],
  );
  if (!evaluation.subjectDocumentId || !allowed.includes(evaluation.subjectDocumentId)) {
    throw notAssigned(evaluation.subjectName ?? 'this subject');
  }
  return { evaluation, work, staff };
};

/**
 * PUT /api/mains/evaluations/:evaluationId
 *   {questions?: [{questionId, marks, comment}], total_marks?, complete?, confirmTotal?}
 * Per-question marks (issue 27) set the total to their sum; an evaluation marked per question
 * takes no typed total. Completing one needs every question marked and `confirmTotal` equal to
 * the server's total (the summary the faculty member confirmed). A completed evaluation keeps its
 * marks until an administrator reopens it (reopen.ts).
 */
export const updateEvaluation = async (
  strapi: Core.Strapi,
  caller: Caller,
  evaluationIdInput: unknown,
  body: Data,
): Promise<Data> => {
  const { evaluation, work } = await ownEvaluation(strapi, caller, evaluationIdInput);
  const knex = knexOf(strapi);
  const subjectName = evaluation.subjectName ?? 'this subject';
  const questions = await subjectQuestions(knex, work, evaluation.subjectId);
  const max = subjectMaximum(work, questions);
  const changes: Data = {};
  let marks = evaluation.total_marks;
  let perQuestion = evaluation.questionMarks;
  const changesMarks = 'questions' in body || 'total_marks' in body;
  if ('questions' in body && 'total_marks' in body) {
    throw new HttpError(
      400,
      'Send either questions (per-question marks) or total_marks, not both.',
    );
  }
  if ('questions' in body) {
    if (questions.length === 0) {
      throw new HttpError(400, `${subjectName} has no questions in this work: send total_marks.`);
    }
    perQuestion = applyQuestionMarks(
      perQuestion,
      body.questions,
      questions,
      work.allowHalfMarks,
      subjectName,
    );
    marks = questionTotal(perQuestion);
    if (marks !== null && max !== null && marks > max) {
      throw new HttpError(400, `Marks must be between 0 and ${max}.`);
    }
    changes.question_marks = JSON.stringify(perQuestion);
    changes.total_marks = marks;
  } else if ('total_marks' in body) {
    if (perQuestion.length > 0) {
      throw new HttpError(400, `${subjectName} is marked per question: send questions.`);
    }
    const value = body.total_marks;
    if (value === null || value === '') {
      marks = null;
    } else {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (!Number.isFinite(n) || n < 0 || (max !== null && n > max)) {
        throw new HttpError(400, `Marks must be between 0 and ${max ?? 'the maximum'}.`);
      }
      marks = round2(n);
    }
    changes.total_marks = marks;
  }
  if (body.complete === true && !evaluation.end_date_time) {
    if (marks === null) {
      throw new HttpError(400, 'Enter the marks before completing.');
    }
    if (perQuestion.length > 0) {
      const missing = unmarked(perQuestion, questions);
      if (missing.length > 0) {
        throw new HttpError(
          400,
          `Mark every question of ${subjectName} before completing (missing: ${missing.map((q) => `question ${q.number}`).join(', ')}).`,
        );
      }
      const confirmed = toNumber(body.confirmTotal);
      if (confirmed === null || round2(confirmed) !== marks) {
        throw new HttpError(
          409,
          `Confirm the total of ${subjectName}: it is ${marks} (send confirmTotal: ${marks}).`,
        );
      }
    }
    changes.end_date_time = new Date();
  }
  await knex.transaction(async (trx) => {
    if (await lockResult(trx, evaluation.resultId)) {
      throw new HttpError(409, 'This result is published.');
    }
    const current = (await trx('evaluations')
      .where({ id: evaluation.id })
      .first('end_date_time')) as { end_date_time: unknown } | undefined;
    if (current?.end_date_time && (changesMarks || changes.end_date_time)) {
      throw new HttpError(409, `${subjectName} is completed: an administrator can reopen it.`);
    }
    if (Object.keys(changes).length > 0) {
      await trx('evaluations')
        .where({ id: evaluation.id })
        .update({ ...changes, updated_at: new Date() });
      await recomputeTotal(trx, evaluation.resultId);
    }
    if (changes.end_date_time) {
      await evaluationCompleted(trx, work.kind, work);
    }
  });
  return one(knex, evaluation.id);
};

/** Makes the file the evaluation's marked copy (`evaluation_document`), replacing the one before. */
export const linkMarkedCopy = async (
  trx: Knex.Transaction,
  evaluationId: number,
  fileId: number,
): Promise<void> => {
  const where = {
    related_id: evaluationId,
    related_type: EVALUATION_TYPE,
    field: 'evaluation_document',
  };
  await trx('files_related_mph').where(where).delete();
  await trx('files_related_mph').insert({ ...where, file_id: fileId, order: 1 });
};

/** POST /api/mains/evaluations/:evaluationId/document (multipart `files`, one PDF/image) */
export const setEvaluationDocument = async (
  strapi: Core.Strapi,
  caller: Caller,
  evaluationIdInput: unknown,
  files: IncomingFile[],
  check: (files: IncomingFile[]) => Promise<void>,
  store: StoreFiles,
): Promise<Data> => {
  const { evaluation } = await ownEvaluation(strapi, caller, evaluationIdInput);
  const knex = knexOf(strapi);
  if (files.length !== 1) {
    throw new HttpError(400, 'Upload exactly one file as the marked copy (field "files").');
  }
  if (await lockResult(knex as unknown as Knex.Transaction, evaluation.resultId)) {
    throw new HttpError(409, 'This result is published.');
  }
  await check(files);
  const [fileId] = await store(files);
  await knex.transaction(async (trx) => {
    if (await lockResult(trx, evaluation.resultId)) {
      throw new HttpError(409, 'This result is published.');
    }
    await linkMarkedCopy(trx, evaluation.id, fileId);
    await trx('evaluations').where({ id: evaluation.id }).update({ updated_at: new Date() });
  });
  return one(knex, evaluation.id);
};
