import type { Core } from '@strapi/strapi';

/**
 * Failure counters kept in the database (not in process memory), so every Strapi process behind a
 * load balancer sees the same counts. One row per failed attempt; rows older than the window are
 * pruned as new failures arrive. Works on SQLite and PostgreSQL (plain knex).
 */
export const RATE_LIMIT_TABLE = 'app_rate_limit_events';

type Knex = Core.Strapi['db']['connection'];

export const ensureRateLimitTable = async (knex: Knex): Promise<void> => {
  if (await knex.schema.hasTable(RATE_LIMIT_TABLE)) {
    return;
  }
  try {
    await knex.schema.createTable(RATE_LIMIT_TABLE, (table) => {
      table.increments('id').primary();
      table.string('bucket', 32).notNullable();
      table.string('ip', 64).notNullable();
      table.string('subject', 255).notNullable().defaultTo('');
      table.bigInteger('created_at').notNullable();
      table.index(['bucket', 'ip', 'created_at'], `${RATE_LIMIT_TABLE}_ip_idx`);
      table.index(['bucket', 'ip', 'subject', 'created_at'], `${RATE_LIMIT_TABLE}_subject_idx`);
      table.index(['created_at'], `${RATE_LIMIT_TABLE}_created_idx`);
    });
  } catch (error) {
    // Another process may have created it at the same moment.
    if (!(await knex.schema.hasTable(RATE_LIMIT_TABLE))) {
      throw error;
    }
  }
};

export interface RateLimitRule {
  bucket: string;
  windowMs: number;
  /** Failures allowed per (ip, subject) within the window. */
  maxPerSubject: number;
  /** Failures allowed per ip (any subject) within the window. */
  maxPerIp: number;
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

export const createRateLimiter = (knex: Knex, rule: RateLimitRule) => {
  const since = (): number => Date.now() - rule.windowMs;

  return {
    /** True when the key has used up its failures (per subject or per ip). */
    async isLimited({ ip, subject }: RateLimitKey): Promise<boolean> {
      const from = since();
      const [perIp, perSubject] = await Promise.all([
        knex(RATE_LIMIT_TABLE)
          .where({ bucket: rule.bucket, ip })
          .andWhere('created_at', '>', from)
          .count({ count: '*' })
          .first(),
        knex(RATE_LIMIT_TABLE)
          .where({ bucket: rule.bucket, ip, subject })
          .andWhere('created_at', '>', from)
          .count({ count: '*' })
          .first(),
      ]);
      return toCount(perIp) >= rule.maxPerIp || toCount(perSubject) >= rule.maxPerSubject;
    },

    async recordFailure({ ip, subject }: RateLimitKey): Promise<void> {
      await knex(RATE_LIMIT_TABLE).where('created_at', '<=', since()).delete();
      await knex(RATE_LIMIT_TABLE).insert({
        bucket: rule.bucket,
        ip,
        subject,
        created_at: Date.now(),
      });
    },
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
