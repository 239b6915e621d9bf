// The calls that send files: a multipart form (the files in one field, and any plain fields)
// with its upload progress in whole percent. The area gives the address; nothing here knows one.
import type { ApiRequest } from './api';

/** Told the upload's progress in whole percent. */
export type ProgressHandler = (percent: number) => void;

/** Upload progress in whole percent (the files' size when the browser gives no total). */
export function progressOf(
  onProgress: ProgressHandler | undefined,
  fallbackTotal: number,
): ApiRequest['onUploadProgress'] {
  if (!onProgress) return undefined;
  return (event) => {
    const total = event.total ?? fallbackTotal;
    onProgress(total ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0);
  };
}

export interface FilesRequest {
  url: string;
  /** POST unless said. */
  method?: 'POST' | 'PUT';
  /** The form field the files go in: `files` unless said. */
  field?: string;
  files: readonly File[];
  /** Plain form fields sent after the files. */
  fields?: Record<string, string>;
  onProgress?: ProgressHandler;
}

/** The multipart request that sends the files, reporting progress. */
export function filesRequest(request: FilesRequest): ApiRequest {
  const { url, method = 'POST', field = 'files', files, fields = {}, onProgress } = request;
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return { url, method, body: form, onUploadProgress: progressOf(onProgress, total) };
}
