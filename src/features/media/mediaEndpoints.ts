// Files through the one API (store/api.ts): uploads with progress (Strapi's multipart upload and
// the two-step signed-URL upload), and renames. Downloads use store/downloads.ts. A running upload
// stops with the mutation's `abort()`.
import { api, type ApiRequest } from '../../store/api';
import type { StrapiOne } from '../../lib/strapi';
import { fileTypeOf } from './fileRules';
import { filesRequest, progressOf } from '../../store/uploads';
import { mediaUrls, storedUrl, type SignedUpload } from './mediaUrls';
import type { MediaFile, ProgressHandler } from './mediaTypes';

export interface FilesUpload {
  files: readonly File[];
  onProgress?: ProgressHandler;
}

export interface FileUpload {
  file: File;
  onProgress?: ProgressHandler;
}

/** POST /api/upload with the files in the multipart field `files`, reporting progress. */
export function uploadFilesRequest({ files, onProgress }: FilesUpload): ApiRequest {
  return filesRequest({ url: mediaUrls.upload, files, onProgress });
}

export const mediaEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    /** Uploads files (see uploadFilesRequest); answers the created files. */
    uploadFiles: build.mutation<MediaFile[], FilesUpload>({
      async queryFn(upload, _api, _extra, baseQuery) {
        const answer = await baseQuery(uploadFilesRequest(upload));
        if (answer.error) return { error: answer.error };
        upload.onProgress?.(100);
        return { data: answer.data as MediaFile[] };
      },
    }),
    /**
     * The two-step storage upload: ask for a signed URL, PUT the raw file there (no credentials
     * of ours), then register the stored file so it can be linked like any other media.
     */
    uploadMaterial: build.mutation<MediaFile, FileUpload>({
      async queryFn({ file, onProgress }, _api, _extra, baseQuery) {
        const fileType = fileTypeOf(file);
        const signed = await baseQuery({
          url: mediaUrls.signedUrl,
          method: 'POST',
          body: { fileName: file.name, fileType },
        });
        if (signed.error) return { error: signed.error };
        const { uploadURL, key } = signed.data as SignedUpload;
        onProgress?.(0);
        const stored = await baseQuery({
          url: uploadURL,
          method: 'PUT',
          body: file,
          skipAuth: true,
          headers: { 'Content-Type': fileType },
          onUploadProgress: progressOf(onProgress, file.size),
        });
        if (stored.error) return { error: stored.error };
        onProgress?.(100);
        const registered = await baseQuery({
          url: mediaUrls.media,
          method: 'POST',
          body: {
            data: {
              url: storedUrl(uploadURL),
              name: file.name,
              type: fileType,
              size: file.size,
              key,
            },
          },
        });
        if (registered.error) return { error: registered.error };
        return { data: (registered.data as StrapiOne<MediaFile>).data };
      },
    }),
    /** Renames an uploaded file: POST /api/upload?id=<id> with `fileInfo` = {"name": …}. */
    renameFile: build.mutation<MediaFile, { id: number; name: string }>({
      query: ({ id, name }) => {
        const form = new FormData();
        form.append('fileInfo', JSON.stringify({ name }));
        return { url: mediaUrls.rename(id), method: 'POST', body: form };
      },
    }),
  }),
});

export const { useUploadFilesMutation, useUploadMaterialMutation, useRenameFileMutation } =
  mediaEndpoints;
