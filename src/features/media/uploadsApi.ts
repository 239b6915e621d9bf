// Uploading, renaming and downloading files. Two ways in: Strapi's upload endpoint (multipart,
// used for course images) and the two-step signed-URL upload (used for study materials).
import { apiClient } from '../../lib/apiClient';
import type { StrapiOne } from '../../lib/strapi';
import { fileTypeOf } from './fileRules';
import type { MediaFile, ProgressHandler } from './mediaTypes';

export const mediaUrls = {
  upload: '/upload',
  rename: (id: number) => `/upload?id=${id}`,
  signedUrl: '/media/s3-upload-url',
  media: '/media',
} as const;

/** A downloaded file's temporary link is released after this long (spec section 9). */
export const DOWNLOAD_LINK_LIFETIME_MS = 40000;

interface ProgressEvent {
  loaded: number;
  total?: number;
}

function percentOf(event: ProgressEvent, fallbackTotal: number): number {
  const total = event.total ?? fallbackTotal;
  if (!total) return 0;
  return Math.min(100, Math.round((event.loaded / total) * 100));
}

interface UploadOptions {
  onProgress?: ProgressHandler;
  signal?: AbortSignal;
}

/** POST /api/upload with the files in the multipart field `files`; answers the created files. */
export async function uploadFiles(
  files: readonly File[],
  onProgress?: ProgressHandler,
  signal?: AbortSignal,
): Promise<MediaFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const { data } = await apiClient.post<MediaFile[]>(mediaUrls.upload, form, {
    signal,
    onUploadProgress: (event) => onProgress?.(percentOf(event, total)),
  });
  onProgress?.(100);
  return data;
}

/** Renames an uploaded file: POST /api/upload?id=<id> with `fileInfo` = {"name": …}. */
export async function renameFile(id: number, name: string): Promise<MediaFile> {
  const form = new FormData();
  form.append('fileInfo', JSON.stringify({ name }));
  const { data } = await apiClient.post<MediaFile>(mediaUrls.rename(id), form);
  return data;
}

interface SignedUpload {
  uploadURL: string;
  key: string;
}

/** The address a stored file is reached at: the signed URL without its signature. */
function storedUrl(uploadURL: string): string {
  const url = new URL(uploadURL, window.location.origin);
  const plain = `${url.origin}${url.pathname}`;
  return url.origin === window.location.origin ? url.pathname : plain;
}

/**
 * The two-step storage upload: ask for a signed URL, PUT the raw file there (no credentials of
 * ours), then register the stored file so it can be linked like any other media.
 */
export async function uploadViaSignedUrl(
  file: File,
  onProgress?: ProgressHandler,
  { signal }: Pick<UploadOptions, 'signal'> = {},
): Promise<MediaFile> {
  const fileType = fileTypeOf(file);
  const { data: signed } = await apiClient.post<SignedUpload>(
    mediaUrls.signedUrl,
    { fileName: file.name, fileType },
    { signal },
  );
  onProgress?.(0);
  await apiClient.put(signed.uploadURL, file, {
    skipAuth: true,
    signal,
    headers: { 'Content-Type': fileType },
    onUploadProgress: (event) => onProgress?.(percentOf(event, file.size)),
  });
  onProgress?.(100);
  const { data } = await apiClient.post<StrapiOne<MediaFile>>(
    mediaUrls.media,
    {
      data: {
        url: storedUrl(signed.uploadURL),
        name: file.name,
        type: fileType,
        size: file.size,
        key: signed.key,
      },
    },
    { signal },
  );
  return data.data;
}

/** Where a stored file's URL points: absolute, or on this origin for local storage. */
export function absoluteFileUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * Downloads a file as a blob and saves it under its name: a temporary link is clicked, then
 * released after 40 s. File URLs are public or pre-signed, so no credentials are sent.
 */
export async function downloadFile(file: Pick<MediaFile, 'url' | 'name'>): Promise<void> {
  const { data } = await apiClient.get<Blob>(absoluteFileUrl(file.url), {
    responseType: 'blob',
    skipAuth: true,
  });
  const href = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_LINK_LIFETIME_MS);
}
