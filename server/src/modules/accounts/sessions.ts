import type { Core } from '@strapi/strapi';
import { onCreateOrUpdate } from '../../platform/db/document-middleware';

/**
 * Sessions end when the password changes or the account is blocked (issue 18 point 8).
 *
 * users-permissions JWTs are stateless and live JWT_EXPIRES_IN (7 days): without a server-side
 * mark, a token taken before a password change (a stolen laptop, a shared computer) keeps working.
 * The mark is `tokensValidAfter` on the user (column tokens_valid_after, epoch SECONDS): a token
 * whose `iat` is earlier is refused, in every process (it lives in the database, read on every
 * authenticated request). Seconds, because `iat` has second resolution: the token change-password
 * hands back is issued in the same second as the stamp or later, so it keeps working; a token
 * issued earlier in that same second also survives (at most one second, accepted).
 *
 * The stamp is written in the same document-service write that stores the new password or sets
 * `blocked` (change-password, reset-password, an administrator's PUT /api/users/:id, the people
 * screens), so no path that changes a password can forget it; clients can never write it.
 */

export const USER_UID = 'plugin::users-permissions.user';
export const TOKENS_VALID_AFTER = 'tokensValidAfter';
/** The column the fast exam authentication reads (src/modules/exam/learner-auth.ts). */
export const TOKENS_VALID_AFTER_COLUMN = 'tokens_valid_after';

/** Now, in the JWT's unit (seconds, truncated like jsonwebtoken's `iat`). */
export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** biginteger: a number on SQLite, a string on PostgreSQL; null when never stamped. */
const toSeconds = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds : null;
};

/** True when a token issued at `iat` (seconds) is still valid for a user stamped `validAfter`. */
export const isTokenCurrent = (iat: unknown, validAfter: unknown): boolean => {
  const after = toSeconds(validAfter);
  if (after === null) {
    return true;
  }
  return typeof iat === 'number' && Number.isFinite(iat) && iat >= after;
};

/**
 * Document-service middleware: stamps `tokensValidAfter` when a write sets a password or blocks
 * the account; drops any value a caller sent for it.
 */
export const createSessionStamp = () =>
  onCreateOrUpdate(USER_UID, (data) => {
    Reflect.deleteProperty(data, TOKENS_VALID_AFTER);
    const password = data.password;
    const blocked = data.blocked === true || data.blocked === 'true';
    if ((typeof password === 'string' && password !== '') || blocked) {
      data[TOKENS_VALID_AFTER] = nowInSeconds();
    }
  });

interface TokenPayload {
  id?: unknown;
  iat?: unknown;
}

type JwtServiceFactory<S extends object> = (deps: { strapi: Core.Strapi }) => S;

/**
 * The users-permissions jwt service with `getToken` refusing (throwing, as for a bad signature) a
 * token issued before the user's stamp. users-permissions' strategy (REST, GraphQL, uploads)
 * calls `getToken` on every request. `readToken` keeps the unchecked read for the exam's fast
 * authentication, which checks the stamp in its own single query.
 */
export const withSessionCheck =
  <S extends object>(factory: JwtServiceFactory<S>): JwtServiceFactory<S> =>
  ({ strapi }) => {
    const service = factory({ strapi });
    const getToken: unknown = (service as { getToken?: unknown }).getToken;
    if (typeof getToken !== 'function') {
      throw new Error('users-permissions: the jwt service has no getToken.');
    }
    const readToken = (getToken as (ctx: unknown) => unknown).bind(service);
    return Object.assign(service, {
      readToken,
      async getToken(ctx: unknown): Promise<unknown> {
        const token = (await readToken(ctx)) as TokenPayload | null;
        if (!token || token.id === undefined || token.id === null) {
          return token;
        }
        const id = Number(token.id);
        if (!Number.isSafeInteger(id)) {
          throw new Error('Invalid token.');
        }
        const row = (await strapi.db
          .connection('up_users')
          .where('id', id)
          .first(TOKENS_VALID_AFTER_COLUMN)) as Record<string, unknown> | undefined;
        // An unknown user is users-permissions' to refuse ("Invalid credentials").
        if (row && !isTokenCurrent(token.iat, row[TOKENS_VALID_AFTER_COLUMN])) {
          throw new Error('Invalid token.');
        }
        return token;
      },
    });
  };
