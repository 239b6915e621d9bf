import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { errorMessage } from '../../lib/strapi';
import { useDownloadFileMutation } from '../../store/downloads';
import type { MediaFile } from './mediaTypes';
import { absoluteFileUrl } from './mediaUrls';

/**
 * Attached files, each with a download button. File URLs are public or pre-signed, so no
 * credentials are sent.
 */
export function FileList({ files }: { files: readonly MediaFile[] }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloadFile] = useDownloadFileMutation();
  if (files.length === 0) return null;

  const download = async (file: MediaFile) => {
    setBusy(file.id);
    setError(null);
    try {
      await downloadFile({
        request: { url: absoluteFileUrl(file.url), skipAuth: true },
        fileName: file.name,
      }).unwrap();
    } catch (failure) {
      setError(`${file.name} could not be downloaded: ${errorMessage(failure)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {files.map((file) => (
          <Button
            key={file.id}
            size="small"
            variant="outlined"
            startIcon={<DownloadOutlined />}
            disabled={busy === file.id}
            onClick={() => void download(file)}
            aria-label={`Download ${file.name}`}
          >
            {busy === file.id ? 'Downloading…' : file.name}
          </Button>
        ))}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
