import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  type QuotaLimits,
  quotaFull,
  reserveQuota,
  secondsUntilTomorrow,
} from '../platform/limits/usage-quota';

/**
 * Who may use how much a day (issue 18, point 14): uploads (files and bytes) and diagnostics logs
 * (records and bytes) per signed-in user and UTC day, learners lower than staff (administrators
 * and faculty), each set by the environment. Refusals are Strapi errors: 413 when one request
 * alone is over a whole day's allowance, 429 with Retry-After (the next UTC midnight) when today's
 * use is spent.
 */
type Env = Record<string, string | undefined>;

export type QuotaKind = 'uploads' | 'logs';

const MB = 1024 * 1024;

const DEFAULTS: Record<QuotaKind, { learner: QuotaLimits; staff: QuotaLimits }> = {
  uploads: {
    learner: { items: 200, bytes: 200 * MB },
    staff: { items: 2000, bytes: 2048 * MB },
  },
  logs: {
    learner: { items: 50, bytes: 5 * MB },
    staff: { items: 500, bytes: 50 * MB },
  },
};

/** The variables: LEARNER_UPLOAD_FILES_PER_DAY, STAFF_LOG_BYTES_PER_DAY, … */
const VARIABLES: Record<QuotaKind, { items: string; bytes: string }> = {
  uploads: { items: 'UPLOAD_FILES_PER_DAY', bytes: 'UPLOAD_BYTES_PER_DAY' },
  logs: { items: 'LOG_RECORDS_PER_DAY', bytes: 'LOG_BYTES_PER_DAY' },
};

const positiveInt = (env: Env, name: string, fallback: number): number => {
  const raw = env[name]?.trim();
  if (!raw) {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a whole number greater than 0, not "${raw}".`);
  }
  return value;
};

export type Audience = 'learner' | 'staff';

export const audienceOf = (roleType: string | null | undefined): Audience =>
  roleType === 'administrator' || roleType === 'faculty' ? 'staff' : 'learner';

export const quotaLimits = (
  kind: QuotaKind,
  audience: Audience,
  env: Env = process.env,
): QuotaLimits => {
  const prefix = audience === 'staff' ? 'STAFF_' : 'LEARNER_';
  const fallback = DEFAULTS[kind][audience];
  return {
    items: positiveInt(env, `${prefix}${VARIABLES[kind].items}`, fallback.items),
    bytes: positiveInt(env, `${prefix}${VARIABLES[kind].bytes}`, fallback.bytes),
  };
};

/** Fails the start on an invalid value rather than at the first upload. */
export const checkQuotaSettings = (env: Env = process.env): void => {
  for (const kind of ['uploads', 'logs'] as const) {
    quotaLimits(kind, 'learner', env);
    quotaLimits(kind, 'staff', env);
  }
};

const megabytes = (bytes: number): string => {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
};

const NOUNS: Record<QuotaKind, { items: string; what: string }> = {
  uploads: { items: 'files', what: 'upload' },
  logs: { items: 'log records', what: 'send as diagnostics logs' },
};

export const quotaMessage = (
  kind: QuotaKind,
  reason: 'too-large' | 'items' | 'bytes',
  limits: QuotaLimits,
): string => {
  const nouns = NOUNS[kind];
  if (reason === 'too-large') {
    return `This is larger than the ${megabytes(limits.bytes)} you may ${nouns.what} a day.`;
  }
  if (reason === 'items') {
    return `You have reached today's limit of ${limits.items} ${nouns.items}. Try again tomorrow.`;
  }
  return `You have reached today's limit of ${megabytes(limits.bytes)} to ${nouns.what}. Try again tomorrow.`;
};

interface HeaderSetter {
  set(field: string, value: string): void;
}

const refuse = (
  ctx: HeaderSetter,
  kind: QuotaKind,
  reason: 'too-large' | 'items' | 'bytes',
  limits: QuotaLimits,
  retryAfterSeconds: number,
): never => {
  const message = quotaMessage(kind, reason, limits);
  if (reason === 'too-large') {
    throw new errors.PayloadTooLargeError(message);
  }
  ctx.set('Retry-After', String(retryAfterSeconds));
  throw new errors.RateLimitError(message);
};

export interface QuotaCaller {
  userId: number;
  roleType: string | null | undefined;
}

const knexOf = (strapi: Core.Strapi) => strapi.db.connection;

/**
 * Before a body is read: refuses (429) a caller whose day is already spent, so a learner over
 * the quota cannot even make the server write the upload to its temp folder.
 */
export const refuseWhenSpent = async (
  strapi: Core.Strapi,
  ctx: HeaderSetter,
  kind: QuotaKind,
  caller: QuotaCaller,
): Promise<void> => {
  const limits = quotaLimits(kind, audienceOf(caller.roleType));
  const full = await quotaFull(knexOf(strapi), kind, String(caller.userId), limits);
  if (full) {
    refuse(ctx, kind, full, limits, secondsUntilTomorrow(Date.now()));
  }
};

/**
 * Counts `use` against the caller's day now (one statement), or refuses (429, or 413 when it is
 * more than a whole day's allowance). Answers the function that gives the use back, for a caller
 * whose work fails after all.
 */
export const chargeQuota = async (
  strapi: Core.Strapi,
  ctx: HeaderSetter,
  kind: QuotaKind,
  caller: QuotaCaller,
  use: { items: number; bytes: number },
): Promise<() => Promise<void>> => {
  const limits = quotaLimits(kind, audienceOf(caller.roleType));
  const answer = await reserveQuota(
    knexOf(strapi),
    { bucket: kind, subject: String(caller.userId), ...use },
    limits,
  );
  if (!answer.ok) {
    return refuse(ctx, kind, answer.reason, limits, answer.retryAfterSeconds);
  }
  return answer.release;
};

/**
 * Counts `items` records of `bytes` against the caller's day (one statement), runs `next`, and
 * gives the use back when the request fails (an error thrown or an error status answered): only
 * what was accepted counts.
 */
export const withinQuota = async (
  strapi: Core.Strapi,
  ctx: HeaderSetter & { status: number },
  kind: QuotaKind,
  caller: QuotaCaller,
  use: { items: number; bytes: number },
  next: () => Promise<unknown>,
): Promise<void> => {
  if (use.items === 0) {
    await next();
    return;
  }
  const release = await chargeQuota(strapi, ctx, kind, caller, use);
  try {
    await next();
  } catch (error) {
    await release();
    throw error;
  }
  if (ctx.status >= 400) {
    await release();
  }
};
