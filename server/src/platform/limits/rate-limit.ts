import type { Core } from '@strapi/strapi';
import { ensureTable } from '../db/own-tables';

/**
 * Rate-limit counters kept in the database (not in process memory), so every Strapi process behind
 * a load balancer sees the same counts. One row per counted request; each bucket's rows older than
 * its window are pruned as new ones arrive. Works on SQLite and PostgreSQL (plain knex).
 */
export const RATE_LIMIT_TABLE = 'app_rate_limit_events';

type Knex = Core.Strapi['db']['connection'];

const SUBJECT_MAX = 255;

/** Index of the per-subject count when a subject is counted across addresses (forgot, reset). */
const SUBJECT_INDEX = `${RATE_LIMIT_TABLE}_bucket_subject_idx`;

export const ensureRateLimitTable = async (knex: Knex): Promise<void> => {
  await ensureTable(knex, RATE_LIMIT_TABLE, (table) => {
    table.increments('id').primary();
    table.string('bucket', 32).notNullable();
    table.string('ip', 64).notNullable();
    table.string('subject', SUBJECT_MAX).notNullable().defaultTo('');
    table.bigInteger('created_at').notNullable();
    table.index(['bucket', 'ip', 'created_at'], `${RATE_LIMIT_TABLE}_ip_idx`);
    table.index(['bucket', 'ip', 'subject', 'created_at'], `${RATE_LIMIT_TABLE}_subject_idx`);
    table.index(['created_at'], `${RATE_LIMIT_TABLE}_created_idx`);
  });
  // Added after the table's first version: created on existing tables too.
  await knex.raw(
    `CREATE INDEX IF NOT EXISTS ${knex.raw('??', [SUBJECT_INDEX]).toQuery()} ON ${knex
      .raw('??', [RATE_LIMIT_TABLE])
      .toQuery()} (bucket, subject, created_at)`,
  );
};

export interface RateLimitRule {
  bucket: string;
  windowMs: number;
  /** Requests allowed per subject within the window (per address and subject, see below). */
  maxPerSubject: number;
  /** Requests allowed per address (any subject) within the window; undefined: no such limit. */
  maxPerIp?: number;
  /**
   * true: the subject's count covers every address (an account asked for from many addresses);
   * false (default): it is counted per (address, subject).
   */
  subjectAcrossIps?: boolean;
}

export interface RateLimitKey {
  ip: string;
  subject: string;
}

const toCount = (row: unknown): number => {
  if (typeof row !== 'object' || row === null) {
    return 0;
  }
  const value = (row as { count?: unknown }).count;
  return typeof value === 'number' ? value : Number(value ?? 0);
};

const toId = (row: unknown): number | null => {
  const value = typeof row === 'object' && row !== null ? (row as { id?: unknown }).id : row;
  const id = Number(value);
  return Number.isFinite(id) ? id : null;
};

export const createRateLimiter = (knex: Knex, rule: RateLimitRule) => {
  const since = (): number => Date.now() - rule.windowMs;
  const normalise = ({ ip, subject }: RateLimitKey): RateLimitKey => ({
    ip: ip.slice(0, 64),
    subject: subject.slice(0, SUBJECT_MAX),
  });

  const counts = async (key: RateLimitKey): Promise<{ perIp: number; perSubject: number }> => {
    const from = since();
    const perSubjectWhere = rule.subjectAcrossIps
      ? { bucket: rule.bucket, subject: key.subject }
      : { bucket: rule.bucket, ip: key.ip, subject: key.subject };
    const [perIp, perSubject] = await Promise.all([
      rule.maxPerIp === undefined
        ? Promise.resolve(null)
        : knex(RATE_LIMIT_TABLE)
            .where({ bucket: rule.bucket, ip: key.ip })
            .andWhere('created_at', '>', from)
            .count({ count: '*' })
            .first(),
      knex(RATE_LIMIT_TABLE)
        .where(perSubjectWhere)
        .andWhere('created_at', '>', from)
        .count({ count: '*' })
        .first(),
    ]);
    return { perIp: toCount(perIp), perSubject: toCount(perSubject) };
  };

  const insert = async (key: RateLimitKey): Promise<number | null> => {
    await knex(RATE_LIMIT_TABLE)
      .where({ bucket: rule.bucket })
      .andWhere('created_at', '<=', since())
      .delete();
    const rows: unknown[] = await knex(RATE_LIMIT_TABLE)
      .insert({ bucket: rule.bucket, ip: key.ip, subject: key.subject, created_at: Date.now() })
      .returning('id');
    return toId(rows[0]);
  };

  return {
    /** True when the key has used up its requests (per subject or per address). */
    async isLimited(rawKey: RateLimitKey): Promise<boolean> {
      const { perIp, perSubject } = await counts(normalise(rawKey));
      return (
        perSubject >= rule.maxPerSubject || (rule.maxPerIp !== undefined && perIp >= rule.maxPerIp)
      );
    },

    /** Counts one request (e.g. a failed sign-in). */
    async record(rawKey: RateLimitKey): Promise<void> {
      await insert(normalise(rawKey));
    },

    /**
     * Counts this request and answers whether it is over the limit, in that order, so concurrent
     * requests cannot all slip under it. A refused request is not kept: it does not extend the wait.
     */
    async hit(rawKey: RateLimitKey): Promise<boolean> {
      const key = normalise(rawKey);
      const id = await insert(key);
      const { perIp, perSubject } = await counts(key);
      const limited =
        perSubject > rule.maxPerSubject || (rule.maxPerIp !== undefined && perIp > rule.maxPerIp);
      if (limited && id !== null) {
        await knex(RATE_LIMIT_TABLE).where({ id }).delete();
      }
      return limited;
    },

    /**
     * Takes one of the key's requests BEFORE the work it limits (a password compare), so that
     * concurrent requests, in this process or another, cannot all be checked: the row is
     * inserted first, then counted. Every request counts its own row and every row inserted
     * before it (each statement commits on its own), so of any set of requests let through,
     * the last to count saw all their rows: at most the limit pass (concurrent ones may be
     * refused early, never let through late). Refused: the row is removed, answer true.
     * Let through: `release()` removes the row when the request should not count after all
     * (a successful sign-in).
     */
    async reserve(
      rawKey: RateLimitKey,
    ): Promise<{ limited: boolean; release: () => Promise<void> }> {
      const key = normalise(rawKey);
      const id = await insert(key);
      const remove = async (): Promise<void> => {
        if (id !== null) {
          await knex(RATE_LIMIT_TABLE).where({ id }).delete();
        }
      };
      const { perIp, perSubject } = await counts(key);
      const limited =
        perSubject > rule.maxPerSubject || (rule.maxPerIp !== undefined && perIp > rule.maxPerIp);
      if (limited) {
        await remove();
      }
      return { limited, release: remove };
    },
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
