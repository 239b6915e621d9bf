// What a learner may upload as an answer document, checked in the browser before sending (the
// server checks again by content): PDF or PNG/JPEG/WebP images, each at most 20 MB.
import { fileTypeOf } from '../media';

export const ANSWER_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const ANSWER_ACCEPT = `${ANSWER_TYPES.join(',')},.pdf,.png,.jpg,.jpeg,.webp`;
export const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
export const ANSWER_TYPE_REFUSED =
  'Only PDF or image files (PNG, JPEG, WebP) can be uploaded as answers.';
export const ANSWER_TOO_LARGE = 'Each file must be 20 MB or smaller.';

/** Why a file cannot be an answer document, or null when it can. */
export function answerFileProblem(file: File): string | null {
  if (!(ANSWER_TYPES as readonly string[]).includes(fileTypeOf(file))) return ANSWER_TYPE_REFUSED;
  if (file.size > MAX_ANSWER_BYTES) return ANSWER_TOO_LARGE;
  return null;
}

/** Shown in place: PDF in a frame, images as pictures; anything else only as a link. */
export function viewerKind(file: { mime?: string | null; name: string }): 'pdf' | 'image' | null {
  const mime = file.mime ?? '';
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (mime === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (mime.startsWith('image/') || ['png', 'jpg', 'jpeg', 'webp', 'gif'].includes(extension)) {
    return 'image';
  }
  return null;
}
