import type { Core } from '@strapi/strapi';
import { sniffFile } from '../../platform/files/file-types';
import type { IncomingFile } from './submission';
import { MainsError } from './work';

/**
 * Answer documents and marked copies (issue 8): PDF or images (PNG, JPEG, WebP), recognised by
 * their content (src/platform/files/file-types.ts: a text file renamed .pdf is refused), each at most 20 MB.
 */
export const DOCUMENT_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
];
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const TYPE_MESSAGE = 'Only PDF or image files (PNG, JPEG, WebP) can be uploaded as answers.';
export const SIZE_MESSAGE = 'Each file must be 20 MB or smaller.';

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
      throw new MainsError(400, SIZE_MESSAGE);
    }
    const type = await sniffFile(file.filepath, file.originalFilename ?? file.name ?? '');
    if (!type || !DOCUMENT_TYPES.includes(type)) {
      throw new MainsError(400, TYPE_MESSAGE);
    }
    file.mimetype = type;
    file.type = type;
  }
};

interface UploadService {
  upload(input: { data: Record<string, unknown>; files: unknown }): Promise<unknown>;
}

/** Stores files with the upload plugin (local or S3 provider); returns their ids in order. */
export const storeWith =
  (strapi: Core.Strapi) =>
  async (files: IncomingFile[]): Promise<number[]> => {
    const service = strapi.plugin('upload').service('upload') as unknown as UploadService;
    const uploaded = await service.upload({
      data: {},
      files: files.length === 1 ? files[0] : files,
    });
    const list = (Array.isArray(uploaded) ? uploaded : [uploaded]) as Array<{ id?: unknown }>;
    return list.map((f) => Number(f.id));
  };
