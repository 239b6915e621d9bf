// Transitional: `uploadFiles` as a plain function, for the course form that does not use
// useUploadFilesMutation yet. It calls the one base query directly (no cache, no tags). This file
// goes when nothing imports it.
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { apiBaseQuery } from '../../store/api';
import { uploadFilesRequest } from './mediaEndpoints';
import type { MediaFile, ProgressHandler } from './mediaTypes';

/** POST /api/upload with the files in the multipart field `files`; answers the created files. */
export async function uploadFiles(
  files: readonly File[],
  onProgress?: ProgressHandler,
  signal?: AbortSignal,
): Promise<MediaFile[]> {
  const call: BaseQueryApi = {
    signal: signal ?? new AbortController().signal,
    abort: () => undefined,
    dispatch: () => {
      throw new Error('A plain upload has no store.');
    },
    getState: () => undefined,
    extra: undefined,
    endpoint: 'uploadFiles',
    type: 'mutation',
  };
  const answer = await apiBaseQuery(uploadFilesRequest({ files, onProgress }), call, {});
  if (answer.error) throw answer.error;
  onProgress?.(100);
  return answer.data as MediaFile[];
}
