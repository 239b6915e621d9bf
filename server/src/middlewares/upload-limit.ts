import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { tooLargeMessage } from '../platform/files/file-types';
import { uploadSizeLimit } from '../platform/files/uploads';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

/** Multipart overhead allowed on top of the file size before refusing on Content-Length alone. */
const FORM_OVERHEAD = 64 * 1024;

export const isUploadRequest = (ctx: Context): boolean =>
  ctx.method === 'POST' && /^\/api\/upload\/?$/.test(ctx.path);

/**
 * Before the body parser. PUT /api/media/local-upload: the body is left to the route.
 * POST /api/upload: a body clearly over UPLOAD_SIZE_LIMIT is refused
 * before it is read, and the parser's own "FileTooBig" (formidable's maxFileSize) gets our message.
 */
export default (config: { limit?: number }, { strapi }: { strapi: Core.Strapi }) => {
  const limit = config.limit ?? uploadSizeLimit(strapi);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method === 'PUT' && /^\/api\/media\/local-upload\/?$/.test(ctx.path)) {
      // The raw file is streamed by the route (src/api/media); the body parser must not read it
      // (it would for text/plain), so it sees a type it leaves alone.
      (ctx.state as { uploadContentType?: string }).uploadContentType = ctx.get('content-type');
      ctx.request.headers['content-type'] = 'application/octet-stream';
      return next();
    }
    if (!isUploadRequest(ctx)) {
      return next();
    }
    const length = Number(ctx.get('content-length'));
    if (Number.isFinite(length) && length > limit + FORM_OVERHEAD) {
      throw new errors.PayloadTooLargeError(tooLargeMessage(limit));
    }
    await next();
    if (ctx.status === 413) {
      const body = ctx.body as { error?: { message?: string } } | undefined;
      if (body?.error) {
        body.error.message = tooLargeMessage(limit);
      }
    }
  };
};
