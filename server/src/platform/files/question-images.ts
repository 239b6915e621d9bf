/**
 * Images inside question text (issue 26). They are stored by the upload plugin under a name that
 * holds 128 random bits (`/uploads/qimg_<32 hex>_<10 hex>.<ext>`), so the URL is a capability:
 * whoever was shown the question (staff, a learner taking a test with it) can load it in an
 * `<img>` (which cannot send the JWT), and nobody can guess one (docs/decisions.md, "Issue 26:
 * question images and pool export"). The sanitiser keeps an `<img>` only when its source has this
 * shape, so a question never points a learner's browser at another host or another upload.
 */
import { randomBytes } from 'node:crypto';

/** The image types a question may hold, by content. */
export const QUESTION_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Largest image, in bytes. */
export const QUESTION_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Most images in one question (question, options and explanation together). */
export const QUESTION_IMAGES_MAX = 10;

/** The source of a stored question image (the upload plugin adds `_<10 hex>` to our name). */
export const QUESTION_IMAGE_SRC =
  /^\/uploads\/qimg_[0-9a-f]{32}_[0-9a-f]{10}\.(?:png|jpg|gif|webp)$/;

/** The name a new image is stored under (its extension from the sniffed type). */
export const newQuestionImageName = (type: string): string =>
  `qimg_${randomBytes(16).toString('hex')}.${QUESTION_IMAGE_TYPES[type] ?? 'bin'}`;

/** The question image sources of an HTML fragment, in order. */
export const questionImageSources = (html: string | null | undefined): string[] =>
  [...(html ?? '').matchAll(/<img\b[^>]*?\bsrc="([^"]*)"/gi)]
    .map((match) => match[1])
    .filter((src) => QUESTION_IMAGE_SRC.test(src));
