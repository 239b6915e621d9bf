// The one way a screen downloads a file from the server (an export, a template, a stored file):
// the `downloadFile` mutation fetches it as a Blob through the one API and saves it under its
// name. The Blob is never kept in the store (the mutation's result is the response's headers,
// which tell e.g. what a question export left out).
import { saveBlob } from '../lib/saveBlob';
import { api, headersOfMeta, type ApiRequest, type QueryError } from './api';

export interface DownloadRequest {
  /** The call that answers the file (URL, method and body). */
  request: ApiRequest;
  fileName: string;
  /** Whole percent while the file arrives, or null when the server sends no length. */
  onProgress?: (percent: number | null) => void;
}

export const downloadEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<Record<string, string>, DownloadRequest>({
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
        return { data: headersOfMeta(answer.meta) };
      },
    }),
  }),
});

export const { useDownloadFileMutation } = downloadEndpoints;
