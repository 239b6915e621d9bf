// What may be uploaded (checked here before sending; the server checks again by content).

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const FILE_TOO_LARGE = 'The file is larger than 50 MB.';
export const FILE_TYPE_NOT_ALLOWED = 'This type of file is not allowed.';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Study materials: PDF, images, Word, Excel, PowerPoint, plain text and MP4 video. */
export const MATERIAL_TYPES = [
  'application/pdf',
  ...IMAGE_TYPES,
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain',
  'video/mp4',
] as const;

const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  mp4: 'video/mp4',
};

/** The file's type: what the browser says, or (when it says nothing) what its extension means. */
export function fileTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/** Why a file may not be uploaded, or null when it may. */
export function fileProblem(
  file: File,
  allowed: readonly string[] = MATERIAL_TYPES,
): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  if (!allowed.includes(fileTypeOf(file))) return FILE_TYPE_NOT_ALLOWED;
  return null;
}

/** The `accept` attribute of a file input for a list of types. */
export function acceptOf(allowed: readonly string[]): string {
  return allowed.join(',');
}
