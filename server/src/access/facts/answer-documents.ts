// What a Mains answer document or marked copy may be: the write rules (access/write-rules.ts)
// and the Mains uploads (modules/mains/files.ts) check the same list.
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
