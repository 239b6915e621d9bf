// An export a screen offers (learners, attendance): the download through the one API
// (store/downloads.ts), its progress while it runs, and its failure shown until dismissed, so every
// export button behaves and fails the same way (issue 19).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { errorMessage } from '../../lib/strapi';
import type { ApiRequest } from '../../store/api';
import { useDownloadFileMutation } from '../../store/downloads';

/** Whole percent while the file arrives, 'running' when its size is unknown, null when idle. */
export type ExportProgress = number | 'running' | null;

export function useFileExport(failureText: string) {
  const [download] = useDownloadFileMutation();
  const [progress, setProgress] = useState<ExportProgress>(null);
  const [error, setError] = useState<string | null>(null);

  /** Downloads the file; answers its response headers, or null when it failed (shown). */
  const run = async (
    request: ApiRequest,
    fileName: string,
  ): Promise<Record<string, string> | null> => {
    setProgress('running');
    setError(null);
    try {
      return await download({
        request,
        fileName,
        onProgress: (percent) => setProgress(percent ?? 'running'),
      }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, failureText));
      return null;
    } finally {
      setProgress(null);
    }
  };

  const errorAlert = error ? (
    <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
      {error}
    </Alert>
  ) : null;

  return { run, progress, running: progress !== null, errorAlert };
}
