// The one way a screen downloads a file from the server (an export, a template, a stored file):
// the `downloadFile` mutation fetches it as a Blob through the one API and saves it under its
// name. The Blob is never kept in the store (the mutation's result is null).
import { saveBlob } from '../lib/saveBlob';
import { api, type ApiRequest, type QueryError } from './api';

export interface DownloadRequest {
  /** The call that answers the file (URL, method and body). */
  request: ApiRequest;
  fileName: string;
  /** Whole percent while the file arrives, or null when the server sends no length. */
  onProgress?: (percent: number | null) => void;
}

export const downloadEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<null, DownloadRequest>({
      queryFn: async ({ request, fileName, onProgress }, _api, _extra, baseQuery) => {
        const answer = await baseQuery({
          ...request,
          responseType: 'blob',
          onDownloadProgress: onProgress
            ? (event) =>
                onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : null)
            : undefined,
        });
        if (answer.error) return { error: answer.error as QueryError };
        saveBlob(answer.data as Blob, fileName);
        return { data: null };
      },
    }),
  }),
});

export const { useDownloadFileMutation } = downloadEndpoints;
