// Moderation (issue 27): an administrator asks for a second marker on a share of a subject's
// allocated scripts; the moderator reads those scripts (access/facts/allocations.ts) and gives
// their own subject total, kept on the allocation row apart from the evaluation: it never counts
// toward the learner's result. The release check (release.ts) compares both.
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
import { subjectMaximum, subjectQuestions } from './question-marks';
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
 * PUT /api/mains/moderations {resultId, subjectId, marks, comment?} (the moderator): their own
 * total for the subject, within its maximum; kept apart, never part of the result.
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
  const max = subjectMaximum(work, await subjectQuestions(knex, work, subject.id));
  const n = toNumber(body.marks);
  if (n === null || n < 0 || (max !== null && n > max)) {
    throw new HttpError(400, `Marks must be between 0 and ${max ?? 'the maximum'}.`);
  }
  const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
  if (comment.length > COMMENT_MAX) {
    throw new HttpError(400, `The comment is too long (at most ${COMMENT_MAX} characters).`);
  }
  await knex(ALLOCATIONS_TABLE)
    .where({ id: row.id })
    .update({
      moderation_marks: round2(n),
      moderation_comment: comment || null,
      moderated_at: new Date(),
      updated_at: new Date(),
    });
  return {
    resultId: found.row.documentId,
    subject: { documentId: subject.documentId, name: subject.name },
    marks: round2(n),
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
      'a.moderation_comment',
    )) as Data[];
  return rows.map((r) => ({
    subject: { documentId: String(r.document_id), name: String(r.subject_name ?? '') },
    marks: toNumber(r.moderation_marks),
    comment: (r.moderation_comment as string | null) ?? null,
  }));
};
