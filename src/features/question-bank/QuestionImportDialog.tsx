// Import questions from a spreadsheet (.xlsx) or a Word document (.docx) into a test, an
// assignment or the pool: the templates, the upload with progress, then what was imported and
// which rows were skipped and why.
import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiError } from '../../lib/strapi';
import { UploadProgress } from '../media';
import { useImportQuestionsMutation } from './questionsEndpoints';
import { questionTemplates, skippedRowsOf } from './questionsUrls';
import type { ImportResult, SkippedRow } from './questionTypes';

const ACCEPT =
  '.xlsx,.docx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface QuestionImportDialogProps {
  title?: string;
  /** Where the file is posted (see importEndpoints). */
  endpoint: string;
  /** The form field naming the target (`testId`, `assignmentId`); none for the pool. */
  extraField?: { name: string; value: string } | null;
  /** Told after a successful import (refresh the list). */
  onImported: (result: ImportResult) => void;
  onClose: () => void;
}

function SkippedRows({ rows }: { rows: SkippedRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>Skipped rows</AlertTitle>
      <Box component="ul" aria-label="Skipped rows" sx={{ m: 0, pl: 2.5 }}>
        {rows.map((row) => (
          <li key={row.row}>
            Row {row.row}: {row.reasons.join('; ') || 'no reason given'}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export function QuestionImportDialog(props: QuestionImportDialogProps) {
  const { title = 'Import questions', endpoint, extraField = null, onImported, onClose } = props;
  const inputId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<{ message: string; rows: SkippedRow[] } | null>(null);
  const busy = percent !== null;
  const [importQuestions] = useImportQuestionsMutation();

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setResult(null);
    setError(null);
  };

  const start = async () => {
    if (!file || busy) return;
    setPercent(0);
    setError(null);
    setResult(null);
    try {
      const answer = await importQuestions({
        endpoint,
        file,
        extraField,
        onProgress: setPercent,
      }).unwrap();
      setResult(answer);
      setFile(null);
      onImported(answer);
    } catch (failure) {
      setError({
        message: errorMessage(failure, 'The questions could not be imported.'),
        rows: isApiError(failure) ? skippedRowsOf(failure.details) : [],
      });
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
          <Typography variant="body2">
            Fill in a template, then choose the file. Rows with errors are skipped and listed.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Link href={questionTemplates.xlsx} download>
              Download the spreadsheet template (.xlsx)
            </Link>
            <Link href={questionTemplates.docx} download>
              Download the Word template (.docx)
            </Link>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" disabled={busy}>
              Choose file
              <input
                id={inputId}
                type="file"
                hidden
                accept={ACCEPT}
                aria-label="Question file"
                onChange={onPick}
                disabled={busy}
              />
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
              {file ? file.name : 'No file chosen (.xlsx or .docx)'}
            </Typography>
          </Box>
          {percent !== null && file ? <UploadProgress name={file.name} percent={percent} /> : null}
          {result ? (
            <Alert severity="success" role="status">
              {result.message}
            </Alert>
          ) : null}
          {result ? <SkippedRows rows={result.skippedRows} /> : null}
          {error ? <Alert severity="error">{error.message}</Alert> : null}
          {error ? <SkippedRows rows={error.rows} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {result ? 'Done' : 'Cancel'}
        </Button>
        <Button variant="contained" onClick={() => void start()} disabled={!file || busy}>
          {busy ? 'Importing…' : 'Import'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
