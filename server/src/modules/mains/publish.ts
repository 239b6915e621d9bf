import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { knexOf } from '../../platform/db/sql';
import { marksPublished } from './notices';
import { mainsStatus } from './status';
import { evaluationRows, resultRows, statusEvaluations, type ResultRow } from './result-rows';
import { loadWorks, type Data, type Kind } from './work';
import { staffOf } from './staff';
import { HttpError } from '../../platform/http/errors';
import { moderationFlags } from './release';

const openFlags = async (
  strapi: Core.Strapi,
  accepted: Array<{ kind: Kind; row: ResultRow }>,
): Promise<number> => {
  let count = 0;
  for (const kind of ['test', 'assignment'] as const) {
    const rows = accepted.filter((a) => a.kind === kind).map((a) => a.row);
    for (const workId of new Set(rows.map((r) => r.workId))) {
      const [work] = await loadWorks(strapi, kind, [workId]);
      if (!work) continue;
      const ids = rows.filter((r) => r.workId === workId).map((r) => r.id);
      count += (await moderationFlags(knexOf(strapi), work, ids)).length;
    }
  }
  return count;
};

/**
 * POST /api/result-bulk {resultIds, is_published} (issue 8). Only a Completed result is published
 * (spec section 4); administrators publish any, faculty the results of works linked to them.
 * Publishing notifies the learner's user (notices.ts, 'marks-published'). One transaction for every change of the call.
 */
export const MAX_BULK = 500;

export const publishResults = async (
  strapi: Core.Strapi,
  caller: Caller,
  body: Data,
): Promise<Data> => {
  const staff = await staffOf(strapi, caller);
  const ids = body.resultIds;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > MAX_BULK ||
    !ids.every((id) => typeof id === 'string' && id.trim() !== '')
  ) {
    throw new HttpError(400, `Send resultIds: 1 to ${MAX_BULK} result documentIds.`);
  }
  if (typeof body.is_published !== 'boolean') {
    throw new HttpError(400, 'Send is_published: true or false.');
  }
  const publish = body.is_published;
  const knex = knexOf(strapi);
  const wanted = [...new Set(ids as string[])];
  const found: Array<{ kind: Kind; row: ResultRow }> = [];
  for (const kind of ['test', 'assignment'] as const) {
    for (const row of await resultRows(knex, kind, { documentIds: wanted })) {
      found.push({ kind, row });
    }
  }
  const evaluations = await evaluationRows(knex, { resultIds: found.map((f) => f.row.id) });
  // A refused result says what is missing (issue 27): the subjects without a completed evaluation.
  const refused: Array<{ resultId: string; reason: string; missing?: string[] }> = [];
  const accepted: Array<{ kind: Kind; row: ResultRow; workName: string }> = [];
  for (const resultId of wanted) {
    const hit = found.find((f) => f.row.documentId === resultId);
    if (!hit) {
      refused.push({ resultId, reason: 'Unknown result.' });
      continue;
    }
    const [work] = await loadWorks(strapi, hit.kind, [hit.row.workId]);
    if (!work) {
      refused.push({ resultId, reason: 'Unknown result.' });
      continue;
    }
    if (staff.role === 'faculty' && !work.facultyIds.includes(staff.facultyId ?? -1)) {
      refused.push({ resultId, reason: 'You are not linked to this work.' });
      continue;
    }
    const { status, pendingSubjects } = mainsStatus({
      result: { is_published: hit.row.is_published },
      subjects: work.subjects,
      evaluations: statusEvaluations(evaluations.filter((e) => e.resultId === hit.row.id)),
    });
    if (publish && status !== 'Completed' && status !== 'Published') {
      refused.push({ resultId, reason: `Not completed: ${status}`, missing: pendingSubjects });
      continue;
    }
    accepted.push({ ...hit, workName: work.name });
  }
  // Issue 27: moderation differences above the margin must be confirmed (release.ts).
  if (publish && body.confirmFlags !== true) {
    const flagged = await openFlags(strapi, accepted);
    if (flagged > 0) {
      throw new HttpError(
        409,
        `${flagged} moderation ${flagged === 1 ? 'difference is' : 'differences are'} above the margin: review the release check, then publish with confirmFlags: true.`,
      );
    }
  }
  const updated: string[] = [];
  await knex.transaction(async (trx) => {
    const now = new Date();
    for (const { row, workName } of accepted) {
      const changed = await trx('results')
        .where({ id: row.id })
        .where((q) =>
          publish
            ? q.whereNull('is_published').orWhere('is_published', false)
            : q.where('is_published', true),
        )
        .update({
          is_published: publish,
          updated_at: now,
          ...(publish ? { marks_published_at: now } : {}),
        });
      updated.push(row.documentId);
      if (!publish || changed === 0) {
        continue;
      }
      await marksPublished(trx, row, workName);
    }
  });
  return { updated, refused };
};
