// GET /api/reports/results/:resultId/events (issue 23): the integrity log of the attempt behind a
// result, for staff only (administrators: every result; faculty: the results they may read, i.e.
// their batches' learners, by the same access rules as the result itself). Learners never read it.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { isStaff } from '../../access/caller';
import { readScope, UID } from '../../access/rules';
import { ATTEMPT_EVENTS_TABLE, ATTEMPT_INTEGRITY_TABLE } from '../exam';
import { documentIdOf, knexOf, sqlRows, toNumber } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';

export interface AttemptEventView {
  kind: string;
  detail: string;
  clientAt: string | null;
  serverAt: string;
}

const isoOfMs = (value: unknown): string | null => {
  const ms = toNumber(value);
  return ms === null ? null : new Date(ms).toISOString();
};

export const resultEvents = async (
  strapi: Core.Strapi,
  caller: Caller,
  resultIdInput: unknown,
): Promise<{
  data: AttemptEventView[];
  meta: { total: number; stored: number; firstIp: string | null };
}> => {
  if (!isStaff(caller)) {
    throw new HttpError(403, 'Only staff can read the integrity log.');
  }
  const documentId = documentIdOf(resultIdInput);
  const scope = documentId ? await readScope(caller, UID.result) : null;
  const visible = documentId
    ? await strapi.db.query(UID.result as 'api::result.result').findOne({
        where: scope ? { $and: [{ documentId }, scope] } : { documentId },
        select: ['id'],
      })
    : null;
  if (!visible) {
    throw new HttpError(404, 'Unknown result.');
  }
  const db = knexOf(strapi);
  const [attempt] = await sqlRows(
    db,
    `SELECT ra.attempt_id, i.total, i.first_ip FROM results_attempt_lnk ra
      LEFT JOIN ${ATTEMPT_INTEGRITY_TABLE} i ON i.attempt_id = ra.attempt_id
      WHERE ra.result_id = ? LIMIT 1`,
    [Number((visible as { id: number }).id)],
  );
  if (!attempt) {
    return { data: [], meta: { total: 0, stored: 0, firstIp: null } };
  }
  const rows = await sqlRows(
    db,
    `SELECT kind, detail, client_at, server_at FROM ${ATTEMPT_EVENTS_TABLE}
      WHERE attempt_id = ? ORDER BY server_at ASC, id ASC`,
    [Number(attempt.attempt_id)],
  );
  const data = rows.map((r) => ({
    kind: String(r.kind),
    detail: String(r.detail ?? ''),
    clientAt: isoOfMs(r.client_at),
    serverAt: isoOfMs(r.server_at) ?? '',
  }));
  return {
    data,
    meta: {
      total: toNumber(attempt.total) ?? data.length,
      stored: data.length,
      firstIp: (attempt.first_ip as string | null) ?? null,
    },
  };
};
