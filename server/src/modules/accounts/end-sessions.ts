// "Sign out of every other device" (issue 24, Settings): the user's session stamp moves to now
// (sessions.ts: every token issued before it is refused, in every process), and this device gets
// a fresh token, so only the session that asked goes on. A token issued in the same second as
// the stamp still passes (the JWT's `iat` has second resolution; accepted, as for a password
// change).
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { knexOf } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { nowInSeconds, TOKENS_VALID_AFTER_COLUMN } from './sessions';

interface JwtService {
  issue(payload: { id: number }): string | Promise<string>;
}

/** POST /api/sessions/end-others → { jwt } for this device. */
export const endOtherSessions = async (
  strapi: Core.Strapi,
  caller: Caller,
): Promise<{ jwt: string; signedOutAt: string }> => {
  if (caller.kind !== 'user') throw new HttpError(401, 'Sign in first.');
  const stamp = nowInSeconds();
  await knexOf(strapi)('up_users')
    .where('id', caller.userId)
    .update({ [TOKENS_VALID_AFTER_COLUMN]: stamp });
  const jwt = strapi.plugin('users-permissions').service('jwt') as unknown as JwtService;
  return {
    jwt: await jwt.issue({ id: caller.userId }),
    signedOutAt: new Date(stamp * 1000).toISOString(),
  };
};
