// Photos of handwritten pages become one PDF as the learner uploads them (issue 27), so every
// script a faculty member opens is a PDF: the JPEG/PNG/WebP files of one upload are joined, in
// the order sent, into one PDF of one page per photo (marked-copy/photo-pages.ts, the code the
// marked copy uses for photos; WebP through a JPEG), on the PDF worker thread. The PDF takes the
// first photo's place among the upload's files; PDFs are stored as they come.
// The originals are not kept: the PDF holds them unchanged (docs/decisions.md, "photos joined").
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IncomingFile } from '../../platform/files/uploads';
import { BusyError, MemoryError, TimeoutError } from '../../platform/sheets/worker-pool';
import { HttpError } from '../../platform/http/errors';
import { PHOTO_TYPES } from './marked-copy/photo-pages';
import { runPdfJob } from './marked-copy/pdf-job';

/** At most this many photos in one upload (a long answer's pages), … */
export const MAX_PHOTOS = 20;
/** … together at most this many bytes (the worker holds them all, and a PNG's pixels too). */
export const MAX_PHOTO_BYTES = 40 * 1024 * 1024;

export const PHOTO_MESSAGES = {
  tooMany: `At most ${MAX_PHOTOS} photos can be uploaded at once.`,
  tooLarge: `The photos of one upload must be ${MAX_PHOTO_BYTES / 1024 / 1024} MB or smaller together.`,
  busy: 'Many photos are being converted right now. Please try again in a minute.',
  tooBig: 'These photos are too large to make into one PDF. Send fewer or smaller photos.',
} as const;

export const isPhoto = (file: IncomingFile): boolean => PHOTO_TYPES.includes(file.mimetype ?? '');

/** How many documents the upload stores: its photos make one. */
export const documentsStored = (files: IncomingFile[]): number => {
  const photos = files.filter(isPhoto).length;
  return files.length - photos + (photos > 0 ? 1 : 0);
};

/** Refuses an upload past the photo limits (before anything is read or stored). */
export const checkPhotoLimits = (files: IncomingFile[]): void => {
  const photos = files.filter(isPhoto);
  if (photos.length > MAX_PHOTOS) throw new HttpError(400, PHOTO_MESSAGES.tooMany);
  if (photos.reduce((sum, f) => sum + f.size, 0) > MAX_PHOTO_BYTES) {
    throw new HttpError(400, PHOTO_MESSAGES.tooLarge);
  }
};

const baseName = (file: IncomingFile): string => {
  const name = (file.originalFilename ?? file.name ?? 'photo').replace(/\.[^.]*$/, '');
  return name.slice(0, 120) || 'photo';
};

const joined = async (photos: IncomingFile[], dir: string): Promise<IncomingFile> => {
  const reply = await runPdfJob({
    kind: 'photos',
    photos: await Promise.all(
      photos.map(async (f) => ({
        mime: f.mimetype ?? '',
        bytes: new Uint8Array(await readFile(f.filepath)),
      })),
    ),
  }).catch((error: unknown) => {
    if (error instanceof BusyError) throw new HttpError(503, PHOTO_MESSAGES.busy);
    if (error instanceof MemoryError || error instanceof TimeoutError) {
      throw new HttpError(400, PHOTO_MESSAGES.tooBig);
    }
    throw error;
  });
  if (!reply.ok) throw new HttpError(400, reply.message, reply.details);
  const first = photos[0] as IncomingFile;
  const name =
    photos.length === 1
      ? `${baseName(first)}.pdf`
      : `${baseName(first)} (${photos.length} photos).pdf`;
  const filepath = path.join(dir, 'photos.pdf');
  await writeFile(filepath, reply.value);
  return {
    filepath,
    originalFilename: name,
    mimetype: 'application/pdf',
    type: 'application/pdf',
    size: reply.value.byteLength,
  };
};

/**
 * Runs `store` with the upload's files as they are to be stored: the photos replaced by their one
 * PDF. A photo that cannot be read refuses the whole upload (400) before anything is stored.
 */
export const withPhotosJoined = async <T>(
  files: IncomingFile[],
  maxStoredBytes: number,
  store: (files: IncomingFile[]) => Promise<T>,
): Promise<T> => {
  const photos = files.filter(isPhoto);
  if (photos.length === 0) return store(files);
  const dir = await mkdtemp(path.join(tmpdir(), 'answer-photos-'));
  try {
    const pdf = await joined(photos, dir);
    if (pdf.size > maxStoredBytes) throw new HttpError(400, PHOTO_MESSAGES.tooBig);
    const at = files.indexOf(photos[0] as IncomingFile);
    const rest = files.filter((f) => !isPhoto(f));
    return await store([...rest.slice(0, at), pdf, ...rest.slice(at)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
