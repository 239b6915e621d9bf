import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

/** Largest diagnostic log record accepted, in bytes of JSON. */
export const LOG_BODY_LIMIT = 1024 * 1024;

/**
 * Diagnostic logs carry the browser's console and network history: cap them so a client cannot
 * fill the database. Checks the declared length and the parsed payload (chunked bodies).
 */
const bodyLimit =
  (): Core.MiddlewareHandler =>
  async (ctx, next): Promise<void> => {
    const declared = Number(ctx.request.headers['content-length'] ?? 0);
    const parsed = Buffer.byteLength(JSON.stringify(ctx.request.body ?? null), 'utf8');
    if (declared > LOG_BODY_LIMIT || parsed > LOG_BODY_LIMIT) {
      throw new errors.PayloadTooLargeError(`A log record is at most ${LOG_BODY_LIMIT} bytes.`);
    }
    await next();
  };

export default bodyLimit;
