// Import records from a file made from a template: the template links, the file, the upload with
// progress, then the server's message and what was skipped, or why the import failed. With
// `preview`, the file is first checked by the server (nothing written) and its preview shown;
// Import then sends it (issue 26).
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UploadProgress } from '../feedback/UploadProgress';

/** What a failed import (or template download) shows: its message, and anything more under it. */
export interface ImportProblem {
  message: string;
  details?: ReactNode;
}

export interface ImportPreviewStep<P> {
  /** Sends the file for a preview (the server writes nothing). */
  load: (file: File, onProgress: (percent: number) => void) => Promise<P>;
  /** What the preview shows (counts, skipped rows, duplicates and their choice). */
  show: (preview: P) => ReactNode;
}

export interface ImportDialogProps<R extends { message: string }, P = never> {
  title: string;
  /** The first line ("Fill in the template, then choose the file. …"). */
  intro: string;
  /** The template links; `report` shows a failed download in the dialog (null clears it). */
  templates: (report: (problem: ImportProblem | null) => void) => ReactNode;
  /** The file input's `accept`. */
  accept: string;
  /** The file input's accessible name ("Learners spreadsheet"). */
  fileLabel: string;
  /** Beside Choose file while none is chosen ("No file chosen (.xlsx)"). */
  noFileText: string;
  /** Posts the file, telling its progress in percent. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<R>;
  /** What a done import shows under its message (the skipped rows). */
  skipped: (result: R) => ReactNode;
  /** What a failed import shows. */
  problemOf: (failure: unknown) => ImportProblem;
  onImported: (result: R) => void;
  onClose: () => void;
  preview?: ImportPreviewStep<P>;
}

export function ImportDialog<R extends { message: string }, P = never>(
  props: ImportDialogProps<R, P>,
) {
  const { title, intro, templates, accept, fileLabel, noFileText, onImported, onClose } = props;
  const inputId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<ImportProblem | null>(null);
  const [checked, setChecked] = useState<{ preview: P } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const busy = percent !== null || previewing;
  const needsPreview = props.preview !== undefined && checked === null;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setResult(null);
    setError(null);
    setChecked(null);
  };

  const check = async () => {
    if (!file || busy || !props.preview) return;
    setPreviewing(true);
    setError(null);
    try {
      setChecked({ preview: await props.preview.load(file, () => undefined) });
    } catch (failure) {
      setError(props.problemOf(failure));
    } finally {
      setPreviewing(false);
    }
  };

  const start = async () => {
    if (!file || busy) return;
    setPercent(0);
    setError(null);
    setResult(null);
    try {
      const answer = await props.upload(file, setPercent);
      setResult(answer);
      setFile(null);
      setChecked(null);
      onImported(answer);
    } catch (failure) {
      setError(props.problemOf(failure));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{intro}</Typography>
          {templates(setError)}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" disabled={busy}>
              Choose file
              <input
                id={inputId}
                type="file"
                hidden
                accept={accept}
                aria-label={fileLabel}
                onChange={onPick}
                disabled={busy}
              />
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
              {file ? file.name : noFileText}
            </Typography>
          </Box>
          {previewing ? (
            <Typography variant="body2" role="status">
              Checking the file…
            </Typography>
          ) : null}
          {checked && props.preview ? props.preview.show(checked.preview) : null}
          {percent !== null && file ? <UploadProgress name={file.name} percent={percent} /> : null}
          {result ? (
            <Alert severity="success" role="status">
              {result.message}
            </Alert>
          ) : null}
          {result ? props.skipped(result) : null}
          {error ? <Alert severity="error">{error.message}</Alert> : null}
          {error ? error.details : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {result ? 'Done' : 'Cancel'}
        </Button>
        {needsPreview ? (
          <Button variant="contained" onClick={() => void check()} disabled={!file || busy}>
            {previewing ? 'Checking…' : 'Preview'}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void start()} disabled={!file || busy}>
            {percent !== null ? 'Importing…' : 'Import'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
