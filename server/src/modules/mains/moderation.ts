// Moderation (issue 27): an administrator asks for a second marker on a share of a subject's
// allocated scripts; the moderator reads those scripts (access/facts/allocations.ts) and gives
// their own marks, per question (the subject total is then their sum) or as one subject total,
// kept on the allocation row apart from the evaluation: they never count toward the learner's
// result. The release check (release.ts) compares them per question and per subject.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { ALLOCATIONS_TABLE } from '../../access/facts/allocations';
import { round2 } from '../exam';
import { documentIdOf, knexOf, toNumber } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import {
  adminOnly,
  adminWork,
  allocationRows,
  allocations,
  insertAllocations,
  latestResults,
  subjectFaculty,
  subjectOf,
} from './allocation';
import {
  applyQuestionMarks,
  questionTotal,
  readQuestionMarks,
  subjectMaximum,
  subjectQuestions,
  unmarked,
} from './question-marks';
import { findResult } from './result-rows';
import { loadWorks, type Data } from './work';

export const COMMENT_MAX = 2000;

/**
 * POST /api/mains/allocations/moderation {kind, documentId, subjectId, percent, facultyIds?}
 * (administrators): a moderator for `percent` % (1–100) of the subject's allocated scripts that
 * have none yet, spread over the list, never the script's own marker.
 */
export const moderate = async (strapi: Core.Strapi, caller: Caller, body: Data) => {
  adminOnly(caller);
  if (caller.kind !== 'user') throw new HttpError(403, 'Only an administrator allocates scripts.');
  const work = await adminWork(strapi, body);
  const subject = subjectOf(work, body.subjectId);
  const percent = toNumber(body.percent);
  if (percent === null || percent < 1 || percent > 100) {
    throw new HttpError(400, 'percent must be between 1 and 100.');
  }
  const knex = knexOf(strapi);
  const teaching = await subjectFaculty(knex, subject.id);
  const wanted = Array.isArray(body.facultyIds)
    ? new Set(body.facultyIds.map((d) => documentIdOf(d)))
    : null;
  const moderators = [...teaching]
    .filter(([, f]) => !wanted || wanted.has(f.documentId))
    .map(([id]) => id);
  if (moderators.length === 0 || (wanted && moderators.length !== wanted.size)) {
    throw new HttpError(400, 'Moderators must be faculty members who teach this subject.');
  }
  const results = (await latestResults(knex, work.kind, work.id)).filter((r) => !r.is_published);
  const rows = await allocationRows(knex, work.kind, work.id, subject.id);
  const markers = rows.filter((r) => r.role === 'marker');
  if (markers.length === 0) {
    throw new HttpError(409, `Allocate the scripts of ${subject.name} before moderating them.`);
  }
  const candidates = results.filter(
    (r) =>
      markers.some((m) => m.resultId === r.id) &&
      !rows.some((m) => m.resultId === r.id && m.role === 'moderator'),
  );
  const count = Math.min(candidates.length, Math.ceil((markers.length * percent) / 100));
  const step = count === 0 ? 1 : candidates.length / count;
  const plan: Array<{ resultId: number; facultyId: number }> = [];
  for (let i = 0; i < count; i += 1) {
    const r = candidates[Math.floor(i * step)];
    const marker = markers.find((m) => m.resultId === r.id)?.facultyId;
    const choices = moderators.filter((id) => id !== marker);
    if (choices.length === 0) continue;
    plan.push({ resultId: r.id, facultyId: choices[i % choices.length] });
  }
  await insertAllocations(knex, work, subject.id, 'moderator', plan, caller.userId);
  return {
    moderated: plan.length,
    ...(await allocations(strapi, caller, { kind: work.kind, documentId: work.documentId })),
  };
};

/**
 * PUT /api/mains/moderations {resultId, subjectId, questions? | marks, comment?} (the moderator):
 * their own marks for the subject, kept apart, never part of the result. `questions`
 * ([{questionId, marks | levels}], some or all) follow the evaluation's rules (each within its
 * points, half marks where the test allows them, rubric levels); the total is then their sum once
 * every question is marked. A subject without questions takes one total (`marks`) within its
 * maximum, as before; a moderation marked per question refuses a bare total.
 */
export const submitModeration = async (strapi: Core.Strapi, caller: Caller, body: Data) => {
  if (caller.kind !== 'user' || caller.role !== 'faculty' || caller.facultyId === null) {
    throw new HttpError(403, 'Only the moderating faculty member gives moderation marks.');
  }
  const knex = knexOf(strapi);
  const resultDoc = documentIdOf(body.resultId);
  const found = resultDoc ? await findResult(knex, resultDoc) : null;
  const [work] = found ? await loadWorks(strapi, found.kind, [found.row.workId]) : [];
  const subjectDoc = documentIdOf(body.subjectId);
  const subject = work?.subjects.find((s) => s.documentId === subjectDoc);
  const row =
    found && work && subject
      ? (await allocationRows(knex, work.kind, work.id, subject.id)).find(
          (a) =>
            a.role === 'moderator' &&
            a.resultId === found.row.id &&
            a.facultyId === caller.facultyId,
        )
      : undefined;
  if (!found || !work || !subject || !row) {
    throw new HttpError(404, 'No moderation of this script is allocated to you.');
  }
  if (found.row.is_published) {
    throw new HttpError(409, 'This result is published.');
  }
  const questions = await subjectQuestions(knex, work, subject.id);
  const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
  if (comment.length > COMMENT_MAX) {
    throw new HttpError(400, `The comment is too long (at most ${COMMENT_MAX} characters).`);
  }
  let total: number | null;
  let perQuestion: ReturnType<typeof applyQuestionMarks> | null = null;
  if (body.questions !== undefined) {
    if (questions.length === 0) {
      throw new HttpError(400, `${subject.name} has no questions in this work: send marks.`);
    }
    // A rubric question takes a typed mark here: the moderation is a comparison, never shown to
    // the learner, so the levels reached need not be recorded.
    perQuestion = applyQuestionMarks(
      row.moderationQuestions,
      body.questions,
      questions.map((q) => ({ ...q, rubric: null })),
      work.allowHalfMarks,
      subject.name,
    );
    // The total counts once every question is marked (a partial sum is no subject total).
    total = unmarked(perQuestion, questions).length === 0 ? questionTotal(perQuestion) : null;
    if (body.marks !== undefined && body.marks !== null && toNumber(body.marks) !== total) {
      throw new HttpError(400, 'With questions, the total is their sum: do not send marks.');
    }
  } else {
    if (row.moderationQuestions.length > 0) {
      throw new HttpError(400, `This moderation is marked per question: send questions.`);
    }
    const max = subjectMaximum(work, questions);
    const n = toNumber(body.marks);
    if (n === null || n < 0 || (max !== null && n > max)) {
      throw new HttpError(400, `Marks must be between 0 and ${max ?? 'the maximum'}.`);
    }
    total = round2(n);
  }
  await knex(ALLOCATIONS_TABLE)
    .where({ id: row.id })
    .update({
      moderation_marks: total,
      ...(perQuestion ? { moderation_questions: JSON.stringify(perQuestion) } : {}),
      moderation_comment: comment || null,
      moderated_at: new Date(),
      updated_at: new Date(),
    });
  return {
    resultId: found.row.documentId,
    subject: { documentId: subject.documentId, name: subject.name },
    marks: total,
    questions: perQuestion ?? row.moderationQuestions,
    comment: comment || null,
  };
};

/** The caller's own moderations of one script (the script page shows them to the moderator). */
export const myModerations = async (
  strapi: Core.Strapi,
  facultyId: number | null,
  resultId: number,
): Promise<Data[]> => {
  if (facultyId === null) return [];
  const rows = (await knexOf(strapi)(`${ALLOCATIONS_TABLE} as a`)
    .join('subjects as s', 's.id', 'a.subject_id')
    .where({ 'a.result_id': resultId, 'a.faculty_id': facultyId, 'a.role': 'moderator' })
    .select(
      's.document_id',
      's.subject_name',
      'a.moderation_marks',
      'a.moderation_questions',
      'a.moderation_comment',
    )) as Data[];
  return rows.map((r) => ({
    subject: { documentId: String(r.document_id), name: String(r.subject_name ?? '') },
    marks: toNumber(r.moderation_marks),
    questions: readQuestionMarks(r.moderation_questions),
    comment: (r.moderation_comment as string | null) ?? null,
  }));
};
