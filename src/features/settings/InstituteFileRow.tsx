// The institute's logo or favicon (issue 24): a preview, "Choose …" (the browser checks the type
// and size first, the server again by the bytes), the upload's progress, and "Remove".
import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UploadProgress } from '../../components/feedback/UploadProgress';
import { errorMessage } from '../../lib/strapi';
import { useClearInstituteFileMutation, useSetInstituteFileMutation } from './instituteEndpoints';
import type { InstituteFile, InstituteFileField } from './instituteTypes';

const RULES: Record<InstituteFileField, { types: readonly string[]; max: number; words: string }> =
  {
    logo: {
      types: ['image/png', 'image/jpeg', 'image/webp'],
      max: 1024 * 1024,
      words: 'The logo must be a PNG, JPEG or WebP image of at most 1 MB.',
    },
    favicon: {
      types: ['image/png'],
      max: 256 * 1024,
      words: 'The favicon must be a PNG image of at most 256 KB.',
    },
  };

export function InstituteFileRow({
  field,
  label,
  hint,
  current,
}: {
  field: InstituteFileField;
  label: string;
  hint: string;
  current: InstituteFile | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [send] = useSetInstituteFileMutation();
  const [clear, clearing] = useClearInstituteFileMutation();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const rule = RULES[field];
    if (!rule.types.includes(file.type) || file.size > rule.max) {
      setProblem(rule.words);
      return;
    }
    setProblem(null);
    setProgress({ name: file.name, percent: 0 });
    try {
      await send({
        field,
        file,
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      }).unwrap();
    } catch (failure) {
      setProblem(errorMessage(failure, `The ${label.toLowerCase()} could not be uploaded.`));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box>
      <Typography component="h3" variant="subtitle1">
        {label}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {current ? (
          <Box
            component="img"
            src={current.url}
            alt={`The institute’s ${label.toLowerCase()}`}
            sx={{ height: 48, maxWidth: 160, objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            None: the portal’s own.
          </Typography>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={RULES[field].types.join(',')}
          aria-label={`Choose the ${label.toLowerCase()}`}
          onChange={(event) => void choose(event)}
        />
        <Button
          variant="outlined"
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          Choose {label.toLowerCase()}
        </Button>
        {current ? (
          <Button
            color="error"
            disabled={clearing.isLoading}
            onClick={() => {
              setProblem(null);
              clear(field)
                .unwrap()
                .catch((failure: unknown) =>
                  setProblem(
                    errorMessage(failure, `The ${label.toLowerCase()} could not be removed.`),
                  ),
                );
            }}
          >
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      {progress ? <UploadProgress name={progress.name} percent={progress.percent} /> : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
