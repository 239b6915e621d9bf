// Import records from a spreadsheet made from a template: the template link, the file, the
// upload with progress, then the server's message and the skipped rows grouped by reason.
import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/strapi';
import { useDownloadFileMutation } from '../../store/downloads';
import {
  templateFileName,
  templateRequest,
  useImportSpreadsheetMutation,
  type SkippedRecord,
  type SpreadsheetImportResult,
} from './importEndpoints';

const ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

interface SpreadsheetImportDialogProps {
  title: string;
  /** The file input's accessible name ("Learners spreadsheet"). */
  fileLabel: string;
  templateUrl: string;
  /** The skipped list's accessible name ("Skipped learners"). */
  skippedLabel: string;
  /** Where the file is posted (form field `file`). */
  endpoint: string;
  /** The message when the server's answer has none, from the number of created records. */
  fallbackMessage: (created: number) => string;
  onImported: (result: SpreadsheetImportResult) => void;
  onClose: () => void;
}

function recordText(record: SkippedRecord): string {
  const who = record.name || record.username || record.email || 'unnamed';
  return typeof record.row === 'number' ? `${who} (row ${record.row})` : who;
}

/** The skipped records as "<reason> (<count>)" followed by the names and row numbers. */
export function SkippedRecords({
  label,
  records,
}: {
  label: string;
  records: Record<string, SkippedRecord[]>;
}) {
  const reasons = Object.entries(records).filter(([, list]) => list.length > 0);
  if (reasons.length === 0) return null;
  return (
    <Alert severity="warning" role="region" aria-label={label}>
      <AlertTitle>Skipped rows</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {reasons.map(([reason, list]) => (
          <li key={reason}>
            <strong>
              {reason} ({list.length})
            </strong>
            : {list.map(recordText).join(', ')}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export function SpreadsheetImportDialog(props: SpreadsheetImportDialogProps) {
  const { title, fileLabel, templateUrl, skippedLabel, onImported, onClose } = props;
  const inputId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<SpreadsheetImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = percent !== null;
  const [importSpreadsheet] = useImportSpreadsheetMutation();
  const [download, template] = useDownloadFileMutation();

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
      const answer = await importSpreadsheet({
        url: props.endpoint,
        file,
        onProgress: setPercent,
        fallbackMessage: props.fallbackMessage,
      }).unwrap();
      setResult(answer);
      setFile(null);
      onImported(answer);
    } catch (failure) {
      setError(errorMessage(failure, 'The file could not be imported.'));
    } finally {
      setPercent(null);
    }
  };

  const getTemplate = async () => {
    if (template.isLoading) return;
    setError(null);
    try {
      await download({
        request: templateRequest(templateUrl),
        fileName: templateFileName(templateUrl),
      }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, 'The template could not be downloaded.'));
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
            Fill in the template, then choose the file. Rows with errors are skipped and listed.
          </Typography>
          <Link
            href={templateUrl}
            download
            onClick={(event) => {
              event.preventDefault();
              void getTemplate();
            }}
          >
            Download the template
          </Link>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" disabled={busy}>
              Choose file
              <input
                id={inputId}
                type="file"
                hidden
                accept={ACCEPT}
                aria-label={fileLabel}
                onChange={onPick}
                disabled={busy}
              />
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
              {file ? file.name : 'No file chosen (.xlsx)'}
            </Typography>
          </Box>
          {percent !== null && file ? (
            <Box>
              <Typography variant="body2">
                Uploading {file.name}… {percent}%
              </Typography>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={`Uploading ${file.name}`}
              />
            </Box>
          ) : null}
          {result ? (
            <Alert severity="success" role="status">
              {result.message}
            </Alert>
          ) : null}
          {result ? <SkippedRecords label={skippedLabel} records={result.skippedRecords} /> : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
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
