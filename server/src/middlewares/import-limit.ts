import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MAX_IMPORT_BYTES, UPLOAD_MESSAGES } from '../platform/files/uploads';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

/** Multipart overhead allowed on top of the file size before refusing on Content-Length alone. */
const FORM_OVERHEAD = 64 * 1024;

const IMPORT_PATH =
  /^\/api\/(questions-import|assignmentQuestions-import|questionPool-import|learners-bulk|faculties-bulk|users-bulk)\/?$/i;

export const isImportRequest = (ctx: Context): boolean =>
  ctx.method === 'POST' && IMPORT_PATH.test(ctx.path);

/**
 * Before the body parser, on the question and people imports: a body clearly over the import limit (10 MB)
 * is refused with a 400 by its Content-Length before a byte of it is parsed or kept (Node drops
 * the rest of the body as it arrives); a chunked body without a Content-Length is refused too,
 * so no import is ever buffered past the limit. A parser "too big" (the global upload limit)
 * also answers the import's 400.
 */
export default () =>
  async (ctx: Context, next: Next): Promise<void> => {
    if (!isImportRequest(ctx)) {
      return next();
    }
    const header = ctx.get('content-length');
    const length = Number(header);
    if (header === '' || !Number.isFinite(length)) {
      if (ctx.get('transfer-encoding')) {
        throw new errors.ValidationError('Send the file with a Content-Length header.');
      }
      return next();
    }
    if (length > MAX_IMPORT_BYTES + FORM_OVERHEAD) {
      throw new errors.ValidationError(UPLOAD_MESSAGES.tooLarge);
    }
    await next();
    if (ctx.status === 413) {
      const body = ctx.body as { error?: { status?: number; name?: string; message?: string } };
      ctx.status = 400;
      if (body?.error) {
        body.error.status = 400;
        body.error.name = 'ValidationError';
        body.error.message = UPLOAD_MESSAGES.tooLarge;
      }
    }
  };
