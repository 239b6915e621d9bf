import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isPrivatePath } from '../access/file-rules';
import { secondsLeft, verifyFileUrl } from '../platform/files/file-urls';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

/** The path the static server would resolve (decoded, `.`/`..` and `//` collapsed), or null. */
const servedPath = (raw: string): string | null => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) {
    return null;
  }
  return path.posix.normalize(decoded.replace(/\/{2,}/g, '/'));
};

/**
 * Before `strapi::public` (issue 18 point 15): a private file (answer documents, evaluation
 * documents, attachments; src/access/file-rules.ts) is served only with a valid, unexpired
 * signature (`?exp=&sig=`, src/platform/files/file-urls.ts), which the API hands to callers who may read its
 * record. Otherwise 404, as if it did not exist. Public files (course images, the import
 * templates) are served as before.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      return next();
    }
    const served = servedPath(ctx.path);
    if (served === null) {
      if (/^\/uploads\//i.test(ctx.path)) {
        throw new errors.NotFoundError();
      }
      return next();
    }
    if (!served.toLowerCase().startsWith('/uploads/')) {
      return next();
    }
    if (!(await isPrivatePath(strapi.db.connection, served))) {
      return next();
    }
    const { exp, sig } = ctx.query;
    if (!verifyFileUrl(ctx.path, exp, sig)) {
      throw new errors.NotFoundError();
    }
    await next();
    if (ctx.status === 200) {
      // Only this browser keeps it, and not past the signature's expiry.
      ctx.set('Cache-Control', `private, max-age=${secondsLeft(exp)}`);
    }
  };
