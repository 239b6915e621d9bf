import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { TYPE_NOT_ALLOWED, sniffFile, tooLargeMessage } from '../platform/files/file-types';
import { isUploadRequest } from './upload-limit';
import { uploadSizeLimit, type IncomingFile } from '../platform/files/uploads';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

const filesOf = (ctx: Context): IncomingFile[] => {
  const files = (ctx.request as unknown as { files?: Record<string, unknown> }).files;
  if (!files) {
    return [];
  }
  return Object.values(files).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(
      (f): f is IncomingFile => typeof (f as IncomingFile | null)?.filepath === 'string',
    ),
  );
};

/**
 * After the body parser, on POST /api/upload: every file within UPLOAD_SIZE_LIMIT (413) and of an
 * allowed type by its content, with an extension naming the same type (400). The stored type is
 * the one the content shows, whatever the browser declared.
 */
export default (config: { limit?: number }, { strapi }: { strapi: Core.Strapi }) => {
  const limit = config.limit ?? uploadSizeLimit(strapi);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!isUploadRequest(ctx)) {
      return next();
    }
    for (const file of filesOf(ctx)) {
      if (file.size > limit) {
        throw new errors.PayloadTooLargeError(tooLargeMessage(limit));
      }
      const name = file.originalFilename ?? file.name ?? '';
      const type = await sniffFile(file.filepath, name);
      if (!type) {
        throw new errors.ValidationError(TYPE_NOT_ALLOWED);
      }
      file.mimetype = type;
      file.type = type;
    }
    return next();
  };
};
