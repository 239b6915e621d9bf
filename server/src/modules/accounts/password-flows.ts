import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { resetCodeTtlMinutes } from './accounts-config';
import {
  createRateLimiter,
  type RateLimiter,
  type RateLimitRule,
} from '../../platform/limits/rate-limit';
import { onCreateOrUpdate } from '../../platform/db/document-middleware';

/**
 * What users-permissions' forgot-password, reset-password and change-password lack, added around
 * its own controller actions (src/extensions/users-permissions/strapi-server.ts), so REST and the
 * GraphQL mutations (which call the same actions) both get it:
 *
 * - rate limits kept in the database (the plugin's own limiter keeps them in process memory and
 *   is turned off in config/plugins.ts);
 * - reset codes expire: the time a code was issued is stamped on the user in the same write that
 *   stores the code (a document-service middleware), and an expired code is refused and cleared;
 * - forgot-password answers before it looks the email up, so neither the answer nor its timing
 *   says whether an account exists; the email is sent in the background.
 */

export const USER_UID = 'plugin::users-permissions.user';

export const INVALID_EMAIL = 'Please enter a valid email address.';
export const RESET_CODE_EXPIRED = 'This reset link has expired. Ask for a new one.';
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Try again later.';
export const TOO_MANY_RESET_ATTEMPTS = 'Too many password reset attempts. Try again later.';
export const TOO_MANY_PASSWORD_CHANGES = 'Too many password changes. Try again later.';

const HOUR = 60 * 60 * 1000;
const QUARTER = 15 * 60 * 1000;

/** Every request counts, whether or not the email belongs to an account. */
export const FORGOT_PASSWORD_RATE_LIMIT: RateLimitRule = {
  bucket: 'forgot-password',
  windowMs: HOUR,
  maxPerSubject: 5,
  maxPerIp: 30,
  subjectAcrossIps: true,
};

/** Failed resets (unknown, used or expired code, passwords that do not match) count. */
export const RESET_PASSWORD_RATE_LIMIT: RateLimitRule = {
  bucket: 'reset-password',
  windowMs: QUARTER,
  maxPerSubject: 5,
  maxPerIp: 10,
  subjectAcrossIps: true,
};

/** Every change-password request of a user counts, from any address. */
export const CHANGE_PASSWORD_RATE_LIMIT: RateLimitRule = {
  bucket: 'change-password',
  windowMs: QUARTER,
  maxPerSubject: 10,
  subjectAcrossIps: true,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Context = Parameters<Core.ControllerHandler>[0];
type Action = (ctx: Context) => unknown;

export interface AuthController {
  forgotPassword: Action;
  resetPassword: Action;
  changePassword: Action;
  [action: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bodyOf = (ctx: Context): Record<string, unknown> => {
  const body: unknown = ctx.request.body;
  return isRecord(body) ? body : {};
};

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const toTime = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const time =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'number'
        ? value
        : /^\d+$/.test(String(value))
          ? Number(value)
          : Date.parse(String(value));
  return Number.isFinite(time) ? time : null;
};

/** Background work (reset and registration emails) that a shutdown waits for. */
const pending = new Set<Promise<unknown>>();

export const track = (work: Promise<unknown>): void => {
  pending.add(work);
  void work.finally(() => pending.delete(work));
};

/** Waits (at most `timeoutMs`) for reset emails still being sent. */
export const settlePendingEmails = async (timeoutMs = 10_000): Promise<void> => {
  if (pending.size === 0) {
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...pending]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
};

export const guardAuthController = (strapi: Core.Strapi, base: AuthController): AuthController => {
  const limiters = new Map<string, RateLimiter>();
  const limiter = (rule: RateLimitRule): RateLimiter => {
    let found = limiters.get(rule.bucket);
    if (!found) {
      found = createRateLimiter(strapi.db.connection, rule);
      limiters.set(rule.bucket, found);
    }
    return found;
  };

  /** Refuses (and clears) a code issued longer ago than RESET_CODE_TTL_MINUTES. */
  const refuseExpiredCode = async (code: string): Promise<void> => {
    const user = (await strapi.db.query(USER_UID).findOne({
      select: ['id', 'resetPasswordTokenIssuedAt'],
      where: { resetPasswordToken: code },
    })) as { id: number; resetPasswordTokenIssuedAt?: unknown } | null;
    if (!user) {
      return; // users-permissions answers "Incorrect code provided".
    }
    const issuedAt = toTime(user.resetPasswordTokenIssuedAt);
    const ttlMs = resetCodeTtlMinutes() * 60 * 1000;
    if (issuedAt !== null && Date.now() - issuedAt <= ttlMs) {
      return;
    }
    await strapi.db.query(USER_UID).update({
      where: { id: user.id },
      data: { resetPasswordToken: null, resetPasswordTokenIssuedAt: null },
    });
    throw new errors.ValidationError(RESET_CODE_EXPIRED);
  };

  return {
    ...base,

    /** Always `{ ok: true }` for a valid email (known, unknown or blocked), unless rate-limited. */
    async forgotPassword(ctx: Context): Promise<void> {
      const raw = bodyOf(ctx).email;
      const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      if (!EMAIL.test(email) || email.length > 254) {
        throw new errors.ValidationError(INVALID_EMAIL);
      }
      if (await limiter(FORGOT_PASSWORD_RATE_LIMIT).hit({ ip: ctx.request.ip, subject: email })) {
        throw new errors.RateLimitError(TOO_MANY_RESET_REQUESTS);
      }
      // The plugin's action runs on a copy of the context whose body is fixed now (GraphQL puts
      // the original back when the resolver returns) and whose answer is discarded.
      const request = Object.create(ctx.request, { body: { value: { email } } }) as unknown;
      const detached = Object.create(ctx, {
        request: { value: request },
        send: { value: () => undefined },
      }) as Context;
      track(
        Promise.resolve()
          .then(() => base.forgotPassword(detached))
          .catch((error: unknown) => {
            strapi.log.error(
              `Password reset email not sent: ${error instanceof Error ? error.message : String(error)}`,
            );
          }),
      );
      ctx.body = { ok: true };
    },

    async resetPassword(ctx: Context): Promise<unknown> {
      const { code } = bodyOf(ctx);
      const key = {
        ip: ctx.request.ip,
        subject: typeof code === 'string' && code ? sha256(code) : `no-code:${ctx.request.ip}`,
      };
      const rateLimiter = limiter(RESET_PASSWORD_RATE_LIMIT);
      if (await rateLimiter.isLimited(key)) {
        throw new errors.RateLimitError(TOO_MANY_RESET_ATTEMPTS);
      }
      try {
        if (typeof code === 'string' && code) {
          await refuseExpiredCode(code);
        }
        return await base.resetPassword(ctx);
      } catch (error) {
        await rateLimiter.record(key);
        throw error;
      }
    },

    async changePassword(ctx: Context): Promise<unknown> {
      const user: unknown = ctx.state?.user;
      const userId = isRecord(user) ? user.id : undefined;
      if (
        (typeof userId === 'number' || typeof userId === 'string') &&
        (await limiter(CHANGE_PASSWORD_RATE_LIMIT).hit({
          ip: ctx.request.ip,
          subject: `user:${userId}`,
        }))
      ) {
        throw new errors.RateLimitError(TOO_MANY_PASSWORD_CHANGES);
      }
      return base.changePassword(ctx);
    },
  };
};

/**
 * Stamps `resetPasswordTokenIssuedAt` in the same write that sets or clears `resetPasswordToken`
 * (forgot-password, reset-password, an administrator's edit); nothing else may write it.
 */
export const createResetCodeStamp = () =>
  onCreateOrUpdate(USER_UID, (data) => {
    if (Object.prototype.hasOwnProperty.call(data, 'resetPasswordToken')) {
      data.resetPasswordTokenIssuedAt = data.resetPasswordToken ? new Date() : null;
    } else {
      delete data.resetPasswordTokenIssuedAt;
    }
  });
