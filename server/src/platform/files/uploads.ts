/**
 * A file sent in a multipart request (an import sheet, an avatar): finding it, the checks every
 * import makes before reading it (present, not empty, at most 10 MB) and removing the parser's
 * temporary files afterwards.
 */
import { readFile, rm } from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  noFile: 'Choose a file to import.',
  empty: 'The file is empty.',
  tooLarge: 'The file is larger than 10 MB.',
} as const;

export interface UploadedFile {
  filepath: string;
  size: number;
}

/** An uploaded file as the body parser (formidable) leaves it. */
export interface IncomingFile extends UploadedFile {
  originalFilename?: string | null;
  name?: string | null;
  mimetype?: string | null;
  type?: string | null;
}

/** UPLOAD_SIZE_LIMIT as the upload plugin is configured (config/plugins.ts); 50 MB when unset. */
export const uploadSizeLimit = (strapi: Core.Strapi): number =>
  (strapi.config.get('plugin::upload.sizeLimit') as number | undefined) ?? 50 * 1024 * 1024;

type Files = Record<string, unknown>;
const filesOf = (ctx: unknown): Files | undefined =>
  (ctx as { request?: { files?: Files } }).request?.files;

/** The uploaded file of a multipart request's field (the first one if several were sent). */
export const uploadedFile = (ctx: unknown, field = 'file'): UploadedFile | null => {
  const value = filesOf(ctx)?.[field];
  const file = (Array.isArray(value) ? value[0] : value) as UploadedFile | undefined;
  return file && typeof file.filepath === 'string' ? file : null;
};

/** Removes the parser's temporary files of the request. */
export const removeUploads = async (ctx: unknown): Promise<void> => {
  for (const value of Object.values(filesOf(ctx) ?? {})) {
    for (const file of Array.isArray(value) ? value : [value]) {
      const path = (file as UploadedFile | null)?.filepath;
      if (typeof path === 'string') {
        await rm(path, { force: true }).catch(() => undefined);
      }
    }
  }
};

/** The bytes of an import file, or a 400 with the client's message (nothing is read past 10 MB). */
export const readUpload = async (file: UploadedFile | null): Promise<Buffer> => {
  if (!file) throw new errors.ValidationError(UPLOAD_MESSAGES.noFile);
  if (file.size === 0) throw new errors.ValidationError(UPLOAD_MESSAGES.empty);
  if (file.size > MAX_IMPORT_BYTES) throw new errors.ValidationError(UPLOAD_MESSAGES.tooLarge);
  const buffer = await readFile(file.filepath);
  if (buffer.length === 0) throw new errors.ValidationError(UPLOAD_MESSAGES.empty);
  if (buffer.length > MAX_IMPORT_BYTES) throw new errors.ValidationError(UPLOAD_MESSAGES.tooLarge);
  return buffer;
};
