/**
 * Images uploaded with a question (issue 26): staff send one image from the question form's
 * image dialog (or an import carries it); it is checked by its bytes (PNG, JPEG, GIF, WebP), its
 * size, and stored through the upload plugin under a 128-bit random name
 * (platform/files/question-images.ts). The answer is the `src` to put in the question's text; the
 * sanitiser keeps only such sources, and the question rules bound how many a question holds.
 */
import { open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isStaff, type Caller } from '../../access/caller';
import { imageTypeOf, SNIFF_BYTES } from '../../platform/files/file-types';
import {
  newQuestionImageName,
  QUESTION_IMAGE_MAX_BYTES,
  QUESTION_IMAGE_SRC,
  QUESTION_IMAGE_TYPES,
} from '../../platform/files/question-images';
import type { IncomingFile } from '../../platform/files/uploads';

export const IMAGE_MESSAGES = {
  staffOnly: 'Only staff add images to questions.',
  one: 'Send one image (the field "file").',
  empty: 'The image is empty.',
  tooLarge: `The image is larger than ${QUESTION_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`,
  type: 'The image must be a PNG, JPEG, GIF or WebP file (checked by its content).',
} as const;

interface UploadService {
  upload(input: { data: Record<string, unknown>; files: unknown }): Promise<unknown>;
}

const filesOf = (ctx: unknown): IncomingFile[] => {
  const value = (ctx as { request?: { files?: Record<string, unknown> } }).request?.files?.file;
  return (Array.isArray(value) ? value : value ? [value] : []).filter(
    (f): f is IncomingFile =>
      typeof f === 'object' && f !== null && typeof (f as IncomingFile).filepath === 'string',
  );
};

const headOf = async (path: string): Promise<Buffer> => {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** Why the bytes cannot be a question image, or its MIME type. */
const checkImage = (size: number, head: Buffer): { type: string } | { reason: string } => {
  if (size === 0) return { reason: IMAGE_MESSAGES.empty };
  if (size > QUESTION_IMAGE_MAX_BYTES) return { reason: IMAGE_MESSAGES.tooLarge };
  const type = imageTypeOf(head);
  return type ? { type } : { reason: IMAGE_MESSAGES.type };
};

/** Stores a checked image file; answers its `src`. The caller's uploads are recorded as theirs. */
const store = async (strapi: Core.Strapi, file: IncomingFile, type: string): Promise<string> => {
  const name = newQuestionImageName(type);
  const extension = QUESTION_IMAGE_TYPES[type];
  const service = strapi.plugin('upload').service('upload') as unknown as UploadService;
  const stored = await service.upload({
    data: { fileInfo: { name } },
    files: { ...file, originalFilename: `image.${extension}`, mimetype: type, type },
  });
  const first = (Array.isArray(stored) ? stored[0] : stored) as { url?: unknown } | undefined;
  const url = typeof first?.url === 'string' ? first.url : '';
  if (!QUESTION_IMAGE_SRC.test(url)) {
    throw new Error(`The stored question image has an unexpected URL: ${url}`);
  }
  return url;
};

/** POST /api/question-images (multipart `file`) → `{ src }` to place in the question's text. */
export const uploadQuestionImage = async (
  strapi: Core.Strapi,
  caller: Caller,
  ctx: unknown,
): Promise<{ src: string }> => {
  if (!isStaff(caller)) throw new errors.PolicyError(IMAGE_MESSAGES.staffOnly);
  const files = filesOf(ctx);
  if (files.length !== 1) throw new errors.ValidationError(IMAGE_MESSAGES.one);
  const [file] = files;
  const checked = checkImage(file.size, await headOf(file.filepath));
  if ('reason' in checked) throw new errors.ValidationError(checked.reason);
  return { src: await store(strapi, file, checked.type) };
};

/**
 * An image carried inside an import file (Moodle XML's base64 `<file>`): checked as an upload,
 * then stored. Answers its `src`, or the reason it was refused (the importer names it on the row).
 */
export const storeQuestionImageBytes = async (
  strapi: Core.Strapi,
  bytes: Buffer,
): Promise<{ src: string } | { reason: string }> => {
  const checked = checkImage(bytes.length, bytes.subarray(0, SNIFF_BYTES));
  if ('reason' in checked) return checked;
  const path = join(tmpdir(), `${newQuestionImageName(checked.type)}.upload`);
  await writeFile(path, bytes);
  try {
    return {
      src: await store(strapi, { filepath: path, size: bytes.length }, checked.type),
    };
  } finally {
    await rm(path, { force: true });
  }
};

/**
 * Removes stored question images (file and upload row) by their `src`: the images an import
 * stored before its write failed, and the orphans the sweep finds (question-image-sweep.ts).
 * Answers how many were removed; one that cannot be removed is logged and left for the sweep.
 */
export const removeQuestionImages = async (
  strapi: Core.Strapi,
  srcs: readonly string[],
): Promise<number> => {
  const wanted = srcs.filter((src) => QUESTION_IMAGE_SRC.test(src));
  if (wanted.length === 0) return 0;
  const service = strapi.plugin('upload').service('upload') as unknown as {
    remove(file: unknown): Promise<unknown>;
  };
  const files = (await strapi.db
    .query('plugin::upload.file')
    .findMany({ where: { url: { $in: wanted } } })) as Array<{ id: number; url: string }>;
  let removed = 0;
  for (const file of files) {
    try {
      await service.remove(file);
      removed += 1;
    } catch (error) {
      strapi.log.warn(`Question image ${file.url} was not removed: ${String(error)}`);
    }
  }
  return removed;
};
