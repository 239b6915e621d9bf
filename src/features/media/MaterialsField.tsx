// Study materials of a topic or a course content: the attached files, and new ones uploaded
// through the two-step signed-URL upload with a progress bar and a Cancel button each.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import { errorMessage } from '../../lib/strapi';
import { acceptOf, fileProblem, MATERIAL_TYPES } from './fileRules';
import { useUploadMaterialMutation } from './mediaEndpoints';
import type { MediaFile } from './mediaTypes';
import { RenameFileDialog } from './RenameFileDialog';
import { UploadProgress } from '../../components/feedback/UploadProgress';

interface Upload {
  key: number;
  name: string;
  percent: number;
  controller: AbortController;
}

interface MaterialsFieldProps {
  label: string;
  files: MediaFile[];
  onChange: (update: (files: MediaFile[]) => MediaFile[]) => void;
  /** Told whether uploads are running (a form waits for them before saving). */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

let nextKey = 1;

export function MaterialsField({
  label,
  files,
  onChange,
  onBusyChange,
  disabled,
}: MaterialsFieldProps) {
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const running = useRef(new Set<AbortController>());
  const [renaming, setRenaming] = useState<MediaFile | null>(null);
  const [uploadMaterial] = useUploadMaterialMutation();

  useEffect(() => {
    onBusyChange?.(uploads.length > 0);
  }, [uploads.length, onBusyChange]);

  // Leaving the form cancels what is still uploading.
  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, []);

  const upload = async (file: File) => {
    const controller = new AbortController();
    const key = nextKey++;
    running.current.add(controller);
    setUploads((list) => [...list, { key, name: file.name, percent: 0, controller }]);
    const setPercent = (percent: number) =>
      setUploads((list) => list.map((item) => (item.key === key ? { ...item, percent } : item)));
    try {
      const request = uploadMaterial({ file, onProgress: setPercent });
      controller.signal.addEventListener('abort', () => request.abort());
      const stored = await request.unwrap();
      if (!controller.signal.aborted) onChange((current) => [...current, stored]);
    } catch (error) {
      if (!controller.signal.aborted) {
        setErrors((list) => [
          ...list,
          `${file.name}: ${errorMessage(error, 'The upload failed.')}`,
        ]);
      }
    } finally {
      running.current.delete(controller);
      setUploads((list) => list.filter((item) => item.key !== key));
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    setErrors([]);
    for (const file of picked) {
      const problem = fileProblem(file, MATERIAL_TYPES);
      if (problem) setErrors((list) => [...list, `${file.name}: ${problem}`]);
      else void upload(file);
    }
  };

  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {files.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {files.map((file) => (
            <Chip
              key={file.id}
              icon={<AttachFileOutlined />}
              label={file.name}
              onClick={disabled ? undefined : () => setRenaming(file)}
              aria-label={`Rename ${file.name}`}
              onDelete={
                disabled
                  ? undefined
                  : () => onChange((current) => current.filter((item) => item.id !== file.id))
              }
              deleteIcon={<CancelOutlined aria-label={`Remove ${file.name}`} />}
            />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No files attached.
        </Typography>
      )}
      <Stack spacing={1} sx={{ mb: uploads.length ? 1 : 0 }}>
        {uploads.map((item) => (
          <UploadProgress
            key={item.key}
            name={item.name}
            percent={item.percent}
            onCancel={() => item.controller.abort()}
          />
        ))}
      </Stack>
      {errors.map((message) => (
        <Alert key={message} severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      ))}
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        size="small"
        disabled={disabled}
      >
        Add files
        <input
          id={inputId}
          type="file"
          multiple
          hidden
          accept={acceptOf(MATERIAL_TYPES)}
          aria-label={`Add files to ${label}`}
          onChange={onPick}
          disabled={disabled}
        />
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        PDF, images, Word, Excel, PowerPoint, text or MP4; up to 50 MB each.
      </Typography>
      {renaming ? (
        <RenameFileDialog
          file={renaming}
          onRenamed={(renamed) =>
            onChange((current) => current.map((item) => (item.id === renamed.id ? renamed : item)))
          }
          onClose={() => setRenaming(null)}
        />
      ) : null}
    </Box>
  );
}
