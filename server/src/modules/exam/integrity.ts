// The integrity log of an attempt (issue 23): what the player saw happen (tab switches, fullscreen
// exits, copy/paste, offline periods) rides with the answer saves and the submit, and the server
// adds a change of the learner's IP address. Kept in a plain table the API never exposes: only the
// staff endpoint (modules/reports/integrity.ts) reads it, so no REST, GraphQL or populate path can
// show it to a learner. It never fails a learner by itself; staff read it and decide.
import type { Core } from '@strapi/strapi';
import type { Knex as KnexTypes } from 'knex';
import { knexOf, sqlRows, type Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { ensureTable } from '../../platform/db/own-tables';

export const ATTEMPT_EVENTS_TABLE = 'app_attempt_events';
/** One row per attempt that has a log: its first IP, the last IP seen, every event counted. */
export const ATTEMPT_INTEGRITY_TABLE = 'app_attempt_integrity';

/** The kinds a player may send; `ip-change` is the server's own (a sent one is dropped). */
export const CLIENT_EVENT_KINDS = [
  'tab-hidden',
  'window-blur',
  'fullscreen-exit',
  'copy',
  'cut',
  'paste',
  'offline',
] as const;
export const EVENT_KINDS = [...CLIENT_EVENT_KINDS, 'ip-change'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Events read from one save or submit body; more are dropped (the player never sends more). */
export const MAX_EVENTS_PER_CALL = 20;
/** Events stored per attempt; later ones are counted (the total) but not stored. */
export const MAX_EVENTS_PER_ATTEMPT = 500;
const MAX_DETAIL = 200;
/** A client time more than a day away from the server's is not a time of this attempt. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export interface IntegrityEvent {
  kind: EventKind;
  clientAt: number | null;
  detail: string;
}

type Knex = Core.Strapi['db']['connection'];
type CreateTableBuilder = KnexTypes.CreateTableBuilder;

export const ensureIntegrityTables = async (knex: Knex): Promise<void> => {
  const create = (name: string, build: (t: CreateTableBuilder) => void) =>
    ensureTable(knex, name, build);
  await create(ATTEMPT_INTEGRITY_TABLE, (t) => {
    t.integer('attempt_id').notNullable().primary();
    t.string('first_ip', 64);
    t.string('last_ip', 64);
    t.integer('total').notNullable().defaultTo(0);
  });
  await create(ATTEMPT_EVENTS_TABLE, (t) => {
    t.increments('id');
    t.integer('attempt_id').notNullable().index('app_attempt_events_attempt_idx');
    t.string('kind', 32).notNullable();
    t.string('detail', MAX_DETAIL);
    t.bigInteger('client_at');
    t.bigInteger('server_at').notNullable();
  });
};

/**
 * The events of a body: `undefined` or `null` → none; not an array → 400 (nothing is saved). An
 * entry with an unknown kind or a bad time is dropped and the answer is still saved: a learner's
 * answer never depends on the log. At most MAX_EVENTS_PER_CALL are read.
 */
export const parseEvents = (input: unknown, now = Date.now()): IntegrityEvent[] => {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) {
    throw new HttpError(400, 'events must be an array of { kind, at, detail }.');
  }
  const out: IntegrityEvent[] = [];
  for (const raw of input.slice(0, MAX_EVENTS_PER_CALL)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { kind, at, detail } = raw as Record<string, unknown>;
    if (!(CLIENT_EVENT_KINDS as readonly unknown[]).includes(kind)) continue;
    const clientAt =
      typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : Number.NaN;
    if (!Number.isFinite(clientAt) || Math.abs(clientAt - now) > MAX_CLOCK_SKEW_MS) continue;
    out.push({
      kind: kind as EventKind,
      clientAt: Math.round(clientAt),
      detail: typeof detail === 'string' ? detail.slice(0, MAX_DETAIL) : '',
    });
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// The IP check: the first save of an attempt records its IP; a later save from another IP adds an
// `ip-change` event. A process-local memo (user → IP) spares the lookup on every save: a save from
// the IP last seen for this learner costs nothing; a memo older than IP_MEMO_MS, another IP, or a
// start/submit (forgetIp) looks again.

const IP_MEMO_MS = 5 * 60 * 1000;
const IP_MEMO_MAX = 50_000;
const ipMemo = new Map<number, { ip: string; at: number }>();

export const forgetIp = (userId: number): void => {
  ipMemo.delete(userId);
};

const ipKnown = (userId: number, ip: string, now: number): boolean => {
  const memo = ipMemo.get(userId);
  return memo !== undefined && memo.ip === ip && now - memo.at < IP_MEMO_MS;
};

const rememberIp = (userId: number, ip: string, now: number): void => {
  if (ipMemo.size >= IP_MEMO_MAX) ipMemo.clear();
  ipMemo.set(userId, { ip, at: now });
};

/** The attempt id of an answer (by its documentId). */
const attemptOfAnswer = async (db: Db, answerDocumentId: string): Promise<number | null> => {
  const [row] = await sqlRows(
    db,
    `SELECT aa.attempt_id FROM answers a JOIN answers_attempt_lnk aa ON aa.answer_id = a.id
      WHERE a.document_id = ? LIMIT 1`,
    [answerDocumentId],
  );
  return row ? Number(row.attempt_id) : null;
};

/**
 * Stores `events` (and an `ip-change` when `ip` is not the attempt's last IP) for an attempt:
 * one upsert of the attempt's counter (its RETURNING total bounds what is stored, also under
 * concurrent saves) and one multi-row insert. Nothing runs when there are no events and the IP is
 * the one last seen.
 */
const storeEvents = async (
  strapi: Core.Strapi,
  userId: number,
  target: { attemptId: number } | { answerDocumentId: string },
  events: IntegrityEvent[],
  ip: string | null,
): Promise<void> => {
  const now = Date.now();
  const checkIp = ip !== null && ip !== '' && !ipKnown(userId, ip, now);
  if (events.length === 0 && !checkIp) return;
  const db = knexOf(strapi);
  const attemptId =
    'attemptId' in target ? target.attemptId : await attemptOfAnswer(db, target.answerDocumentId);
  if (attemptId === null) return;
  const all = [...events];
  const shortIp = ip === null ? null : ip.slice(0, 64);
  if (checkIp) {
    const [known] = await sqlRows(
      db,
      `SELECT first_ip, last_ip FROM ${ATTEMPT_INTEGRITY_TABLE} WHERE attempt_id = ?`,
      [attemptId],
    );
    const last = (known?.last_ip ?? known?.first_ip ?? null) as string | null;
    if (last !== null && last !== shortIp) {
      all.push({
        kind: 'ip-change',
        clientAt: null,
        detail: `${last} → ${shortIp}${shortIp === known?.first_ip ? ' (the first IP again)' : ''}`,
      });
    }
    rememberIp(userId, shortIp ?? '', now);
    if (known && all.length === 0) {
      // The memo had lapsed or another attempt was in it: the IP is the attempt's last one.
      return;
    }
  }
  const [counted] = await sqlRows(
    db,
    `INSERT INTO ${ATTEMPT_INTEGRITY_TABLE} (attempt_id, first_ip, last_ip, total)
      VALUES (?, ?, ?, ?)
      ON CONFLICT (attempt_id) DO UPDATE SET
        total = ${ATTEMPT_INTEGRITY_TABLE}.total + excluded.total,
        last_ip = COALESCE(excluded.last_ip, ${ATTEMPT_INTEGRITY_TABLE}.last_ip)
      RETURNING total`,
    [attemptId, shortIp, shortIp, all.length],
  );
  const before = Number(counted?.total ?? all.length) - all.length;
  const keep = all.slice(0, Math.max(0, MAX_EVENTS_PER_ATTEMPT - before));
  if (keep.length === 0) return;
  const tuple = '(?, ?, ?, ?, ?)';
  await sqlRows(
    db,
    `INSERT INTO ${ATTEMPT_EVENTS_TABLE} (attempt_id, kind, detail, client_at, server_at)
      VALUES ${keep.map(() => tuple).join(', ')}`,
    keep.flatMap((e) => [attemptId, e.kind, e.detail, e.clientAt, now]),
  );
};

/**
 * storeEvents, never failing the call it rides with: the answer is saved already (or the submit
 * must go on), and the log never fails a learner; a failure is logged for the operators.
 */
export const recordEvents = async (
  strapi: Core.Strapi,
  userId: number,
  target: { attemptId: number } | { answerDocumentId: string },
  events: IntegrityEvent[],
  ip: string | null,
): Promise<void> => {
  try {
    await storeEvents(strapi, userId, target, events, ip);
  } catch (error) {
    strapi.log.error(
      `integrity log: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
};

/**
 * The learner's own open attempt by documentId, for the events of a submit: null when it is not
 * theirs or already over (submit answers that itself).
 */
export const ownOpenAttemptId = async (
  strapi: Core.Strapi,
  userId: number,
  attemptDocumentId: unknown,
): Promise<number | null> => {
  if (typeof attemptDocumentId !== 'string' || attemptDocumentId.length > 64) return null;
  const [row] = await sqlRows(
    knexOf(strapi),
    `SELECT a.id FROM attempts a JOIN attempts_student_lnk s ON s.attempt_id = a.id
      JOIN up_users_student_lnk u ON u.student_id = s.student_id
      WHERE a.document_id = ? AND u.user_id = ? AND a.end_date_time IS NULL LIMIT 1`,
    [attemptDocumentId, userId],
  );
  return row ? Number(row.id) : null;
};

/**
 * The events sent with a submit (none are lost at the end): read, and the attempt found while it
 * is still open, before the submit; stored by the returned function once the submit answered, so
 * the log never lengthens the close (submits wait in turn in the write gate). A malformed
 * `events` is ignored: the log never stands in the way of a submit. No IP check: the saves did it.
 */
export const submitEvents = async (
  strapi: Core.Strapi,
  userId: number,
  attemptDocumentId: unknown,
  eventsInput: unknown,
): Promise<() => Promise<void>> => {
  forgetIp(userId);
  let events: IntegrityEvent[];
  try {
    events = parseEvents(eventsInput);
  } catch {
    events = [];
  }
  const attemptId =
    events.length === 0 ? null : await ownOpenAttemptId(strapi, userId, attemptDocumentId);
  return attemptId === null
    ? () => Promise.resolve()
    : () => recordEvents(strapi, userId, { attemptId }, events, null);
};
