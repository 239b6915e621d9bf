import type { Core } from '@strapi/strapi';
import { sniffFile } from '../../platform/files/file-types';
import type { IncomingFile } from '../../platform/files/uploads';
import { HttpError } from '../../platform/http/errors';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  SIZE_MESSAGE,
  TYPE_MESSAGE,
} from '../../access/facts/answer-documents';

/** The files of a multipart field (one or several). */
export const incomingFiles = (ctx: unknown, field = 'files'): IncomingFile[] => {
  const files = (ctx as { request?: { files?: Record<string, unknown> } }).request?.files;
  const value = files?.[field];
  if (!value) {
    return [];
  }
  return (Array.isArray(value) ? value : [value]).filter(
    (f): f is IncomingFile => typeof (f as IncomingFile | null)?.filepath === 'string',
  );
};

/** Checks size and content of every file; sets the type the content shows. */
export const checkDocuments = async (files: IncomingFile[]): Promise<void> => {
  for (const file of files) {
    if (file.size > DOCUMENT_MAX_BYTES) {
      throw new HttpError(400, SIZE_MESSAGE);
    }
    const type = await sniffFile(file.filepath, file.originalFilename ?? file.name ?? '');
    if (!type || !DOCUMENT_TYPES.includes(type)) {
      throw new HttpError(400, TYPE_MESSAGE);
    }
    file.mimetype = type;
    file.type = type;
  }
};

interface UploadService {
  upload(input: { data: Record<string, unknown>; files: unknown }): Promise<unknown>;
  remove(file: unknown): Promise<unknown>;
}

/**
 * Stores files with the upload plugin (local or S3 provider); returns their ids in the order
 * given. One at a time: the plugin stores a list concurrently and answers in the order the
 * files finished, which would shuffle a learner's pages. A failure removes the ones stored.
 */
export const storeWith =
  (strapi: Core.Strapi) =>
  async (files: IncomingFile[]): Promise<number[]> => {
    const service = strapi.plugin('upload').service('upload') as unknown as UploadService;
    const stored: Array<{ id?: unknown }> = [];
    try {
      for (const file of files) {
        const uploaded = await service.upload({ data: {}, files: file });
        stored.push(...((Array.isArray(uploaded) ? uploaded : [uploaded]) as typeof stored));
      }
    } catch (error) {
      for (const file of stored) await service.remove(file).catch(() => undefined);
      throw error;
    }
    return stored.map((f) => Number(f.id));
  };
