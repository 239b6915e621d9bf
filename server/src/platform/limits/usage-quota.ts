import type { Core } from '@strapi/strapi';
import { sqlRows } from '../db/sql';
import { ensureTable } from '../db/own-tables';

/**
 * Daily usage counters (issue 18, point 14: uploads and diagnostics logs per user and day), kept in
 * the database so every process behind a load balancer counts against the same total.
 *
 * Not the rate-limit table (src/platform/limits/rate-limit.ts): that one keeps a row per event and counts
 * them in a second statement, which cannot carry bytes and is not atomic on PostgreSQL (two
 * concurrent requests both count the same rows). Here one row per (bucket, subject, UTC day) is
 * raised by ONE statement, an upsert whose update only happens while the new totals stay within
 * the limits: the row lock of the upsert serialises concurrent requests, in one process and
 * across processes, on SQLite (3.35+) and PostgreSQL alike.
 */
export const USAGE_QUOTA_TABLE = 'app_usage_quotas';

type Knex = Core.Strapi['db']['connection'];

const SUBJECT_MAX = 255;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows of days before yesterday are removed, at most once an hour per process. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export const ensureUsageQuotaTable = async (knex: Knex): Promise<void> => {
  await ensureTable(knex, USAGE_QUOTA_TABLE, (table) => {
    table.string('bucket', 32).notNullable();
    table.string('subject', SUBJECT_MAX).notNullable();
    /** Days since 1970-01-01 (UTC). */
    table.integer('day').notNullable();
    table.bigInteger('items').notNullable().defaultTo(0);
    table.bigInteger('bytes').notNullable().defaultTo(0);
    table.primary(['bucket', 'subject', 'day']);
    table.index(['day'], `${USAGE_QUOTA_TABLE}_day_idx`);
  });
};

export interface QuotaLimits {
  /** Records (files, log entries) per day. */
  items: number;
  /** Bytes per day. */
  bytes: number;
}

export interface QuotaUse {
  bucket: string;
  subject: string;
  items: number;
  bytes: number;
}

export type QuotaAnswer =
  | { ok: true; release(): Promise<void> }
  | { ok: false; reason: 'too-large' | 'items' | 'bytes'; retryAfterSeconds: number };

export const dayOf = (now: number): number => Math.floor(now / DAY_MS);

/** Seconds until the next UTC midnight, when the day's counters start again (at least 1). */
export const secondsUntilTomorrow = (now: number): number =>
  Math.max(1, Math.ceil(((dayOf(now) + 1) * DAY_MS - now) / 1000));

const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

const UPSERT = `INSERT INTO ${USAGE_QUOTA_TABLE} (bucket, subject, day, items, bytes)
  VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (bucket, subject, day) DO UPDATE
    SET items = ${USAGE_QUOTA_TABLE}.items + excluded.items,
        bytes = ${USAGE_QUOTA_TABLE}.bytes + excluded.bytes
    WHERE ${USAGE_QUOTA_TABLE}.items + excluded.items <= ?
      AND ${USAGE_QUOTA_TABLE}.bytes + excluded.bytes <= ?
  RETURNING items, bytes`;

const RELEASE = `UPDATE ${USAGE_QUOTA_TABLE}
  SET items = CASE WHEN items > ? THEN items - ? ELSE 0 END,
      bytes = CASE WHEN bytes > ? THEN bytes - ? ELSE 0 END
  WHERE bucket = ? AND subject = ? AND day = ?`;

const USED = `SELECT items, bytes FROM ${USAGE_QUOTA_TABLE}
  WHERE bucket = ? AND subject = ? AND day = ?`;

let lastPrune = 0;

const pruneOldDays = async (knex: Knex, today: number): Promise<void> => {
  const now = Date.now();
  if (now - lastPrune < PRUNE_EVERY_MS) {
    return;
  }
  lastPrune = now;
  await knex(USAGE_QUOTA_TABLE)
    .where('day', '<', today - 1)
    .delete();
};

/** Which limit today's use already fills (a cheap read before a body is even parsed). */
export const quotaFull = async (
  knex: Knex,
  bucket: string,
  subject: string,
  limits: QuotaLimits,
): Promise<'items' | 'bytes' | null> => {
  const now = Date.now();
  const [row] = await sqlRows<{ items: unknown; bytes: unknown }>(knex, USED, [
    bucket,
    subject.slice(0, SUBJECT_MAX),
    dayOf(now),
  ]);
  if (!row) {
    return null;
  }
  if (toNumber(row.items) >= limits.items) {
    return 'items';
  }
  return toNumber(row.bytes) >= limits.bytes ? 'bytes' : null;
};

/**
 * Counts `use` against today's limits in one statement: accepted (with a release() that gives
 * the use back when the request fails after all) or refused, counting nothing. A use larger than
 * a whole day's allowance is "too-large" (it could never pass).
 */
export const reserveQuota = async (
  knex: Knex,
  use: QuotaUse,
  limits: QuotaLimits,
): Promise<QuotaAnswer> => {
  const now = Date.now();
  const retryAfterSeconds = secondsUntilTomorrow(now);
  if (use.bytes > limits.bytes) {
    return { ok: false, reason: 'too-large', retryAfterSeconds };
  }
  if (use.items > limits.items) {
    return { ok: false, reason: 'items', retryAfterSeconds };
  }
  const day = dayOf(now);
  await pruneOldDays(knex, day);
  const key = [use.bucket, use.subject.slice(0, SUBJECT_MAX), day] as const;
  const rows = await sqlRows(knex, UPSERT, [
    ...key,
    use.items,
    use.bytes,
    limits.items,
    limits.bytes,
  ]);
  if (rows.length === 0) {
    // The row exists and the update's condition failed: report which limit is full.
    const full = await quotaFull(knex, use.bucket, use.subject, {
      items: limits.items - use.items + 1,
      bytes: limits.bytes - use.bytes + 1,
    });
    return { ok: false, reason: full ?? 'bytes', retryAfterSeconds };
  }
  let released = false;
  return {
    ok: true,
    async release(): Promise<void> {
      if (released) {
        return;
      }
      released = true;
      await sqlRows(knex, RELEASE, [use.items, use.items, use.bytes, use.bytes, ...key]);
    },
  };
};
