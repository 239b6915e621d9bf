// Reopening a completed evaluation (issue 27): an administrator only, with a reason. The marks stay
// as they were; the end time is cleared so the faculty member can mark again and complete anew.
// Who, when and why is kept as an audit entry (the server's record of changes to learners' marks,
// the same table as the regrade's, issue 23), never shown to learners.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import {
  documentIdOf,
  insertLinks,
  insertReturningIds,
  iso,
  knexOf,
  systemColumns,
} from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { lockResult, one, recomputeTotal } from './evaluation';
import { evaluationRows, findResult } from './result-rows';
import type { Data } from './work';

export const REOPEN_ACTION = 'evaluation-reopen';
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export interface Reopening {
  by: string | null;
  at: string | null;
  reason: string;
}

/** POST /api/mains/evaluations/:evaluationId/reopen {reason} (administrators). */
export const reopenEvaluation = async (
  strapi: Core.Strapi,
  caller: Caller,
  evaluationIdInput: unknown,
  body: Data,
): Promise<Data> => {
  if (caller.kind !== 'user' || caller.role !== 'administrator') {
    throw new HttpError(403, 'Only an administrator reopens a completed evaluation.');
  }
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) {
    throw new HttpError(
      400,
      `Give the reason for reopening (${REASON_MIN} to ${REASON_MAX} characters).`,
    );
  }
  const knex = knexOf(strapi);
  const documentId = documentIdOf(evaluationIdInput);
  const [evaluation] = documentId ? await evaluationRows(knex, { documentIds: [documentId] }) : [];
  const resultDoc = evaluation
    ? ((await knex('results').where({ id: evaluation.resultId }).first('document_id')) as
        { document_id: string } | undefined)
    : undefined;
  const found = resultDoc ? await findResult(knex, resultDoc.document_id) : null;
  if (!evaluation || !found) {
    throw new HttpError(404, 'Unknown evaluation.');
  }
  const actor = (await knex('up_users').where('id', caller.userId).first('username', 'email')) as
    { username: string | null; email: string | null } | undefined;
  await knex.transaction(async (trx) => {
    if (await lockResult(trx, evaluation.resultId)) {
      throw new HttpError(409, 'This result is published: unpublish it before reopening.');
    }
    const row = (await trx('evaluations').where({ id: evaluation.id }).first('end_date_time')) as
      { end_date_time: unknown } | undefined;
    if (!row?.end_date_time) {
      throw new HttpError(409, 'This evaluation is not completed.');
    }
    await trx('evaluations')
      .where({ id: evaluation.id })
      .update({ end_date_time: null, updated_at: new Date() });
    await recomputeTotal(trx, evaluation.resultId);
    const [entry] = await insertReturningIds(trx, 'audit_entries', [
      {
        ...systemColumns(new Date()),
        action: REOPEN_ACTION,
        subject_type: 'evaluation',
        subject_id: evaluation.documentId,
        actor_name: actor?.username ?? actor?.email ?? null,
        details: JSON.stringify({
          reason,
          result: found.row.documentId,
          subject: evaluation.subjectName,
          faculty: evaluation.facultyName,
          total_marks: evaluation.total_marks,
          completed_at: evaluation.end_date_time,
        }),
      },
    ]);
    await insertLinks(trx, 'audit_entries_actor_lnk', [
      { audit_entry_id: entry.id, user_id: caller.userId },
    ]);
    if (found.kind === 'test') {
      await insertLinks(trx, 'audit_entries_test_lnk', [
        { audit_entry_id: entry.id, test_id: found.row.workId },
      ]);
    }
  });
  const data = await one(knex, evaluation.id);
  return {
    ...data,
    reopenings: (await reopeningsOf(knex, [evaluation.documentId])).get(evaluation.documentId),
  };
};

/** The reopenings of evaluations (by documentId), oldest first: staff only. */
export const reopeningsOf = async (
  db: Knex,
  evaluationDocumentIds: string[],
): Promise<Map<string, Reopening[]>> => {
  const out = new Map<string, Reopening[]>(evaluationDocumentIds.map((id) => [id, []]));
  if (evaluationDocumentIds.length === 0) return out;
  const rows = (await db('audit_entries')
    .where('action', REOPEN_ACTION)
    .whereIn('subject_id', evaluationDocumentIds)
    .orderBy('id', 'asc')
    .select('subject_id', 'actor_name', 'created_at', 'details')) as Array<{
    subject_id: string;
    actor_name: string | null;
    created_at: unknown;
    details: unknown;
  }>;
  for (const r of rows) {
    let details: unknown = r.details;
    if (typeof details === 'string') {
      try {
        details = JSON.parse(details);
      } catch {
        details = {};
      }
    }
    const reason = (details as { reason?: unknown } | null)?.reason;
    out.get(r.subject_id)?.push({
      by: r.actor_name,
      at: iso(r.created_at),
      reason: typeof reason === 'string' ? reason : '',
    });
  }
  return out;
};
