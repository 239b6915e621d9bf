// What a question file would import (issue 26), before anything is written: the counts by type,
// the first rows, the rows to be skipped with their line and reason, what the file held that is
// not kept, the images it would store, and the duplicates with the choice to import them anyway.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DuplicateRow, ImportPreview, SkippedRow } from './questionTypes';

const FORMAT_NAMES: Record<string, string> = {
  xlsx: 'Spreadsheet',
  docx: 'Word document',
  moodle: 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
};

const countsText = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');

/** The images the import stores when it is written (issue 26), e.g. ", 3 images to store (1.2 MB)". */
const imagesText = (count: number, bytes: number): string => {
  if (count === 0) return '';
  const size =
    bytes >= 1024 * 1024
      ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `, ${count} ${count === 1 ? 'image' : 'images'} to store (${size})`;
};

export function SkippedRows({ rows }: { rows: SkippedRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>Skipped rows</AlertTitle>
      <Box component="ul" aria-label="Skipped rows" sx={{ m: 0, pl: 2.5 }}>
        {rows.map((row, index) => (
          <li key={`${row.row}-${index}`}>
            {row.type ? `Line ${row.row} (${row.type})` : `Row ${row.row}`}:{' '}
            {row.reasons.join('; ') || 'no reason given'}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export function DuplicateRows({ rows }: { rows: DuplicateRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Alert severity="info">
      <AlertTitle>Duplicates left out</AlertTitle>
      <Box component="ul" aria-label="Duplicate rows" sx={{ m: 0, pl: 2.5 }}>
        {rows.map((row) => (
          <li key={row.row}>
            Line/row {row.row} “{row.question.slice(0, 80)}”: {row.reason}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

interface ImportPreviewPanelProps {
  preview: ImportPreview;
  importDuplicates: boolean;
  onImportDuplicates: (value: boolean) => void;
}

export function ImportPreviewPanel(props: ImportPreviewPanelProps) {
  const { preview, importDuplicates, onImportDuplicates } = props;
  const format = FORMAT_NAMES[preview.format] ?? preview.format;
  const skipped = preview.skippedRows.length;
  return (
    <Box aria-label="Import preview" component="section" sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity={preview.acceptedCount > 0 ? 'info' : 'warning'} role="status">
        {format} file: {preview.acceptedCount} to import
        {preview.acceptedCount > 0 ? ` (${countsText(preview.counts)})` : ''}, {skipped} skipped
        {skipped > 0 ? ` (${countsText(preview.skippedCounts)})` : ''}
        {preview.duplicateRows.length > 0
          ? `, ${preview.duplicateRows.length} duplicates left out`
          : ''}
        {imagesText(preview.imageCount, preview.imageBytes)}.
      </Alert>
      {preview.rows.length > 0 ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Typography variant="subtitle2" component="h3">
            First questions
          </Typography>
          <Table size="small" aria-label="First questions">
            <TableHead>
              <TableRow>
                <TableCell>Line/row</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Question</TableCell>
                <TableCell>Answer</TableCell>
                <TableCell>Marks</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell>{row.question_type}</TableCell>
                  <TableCell>
                    {row.question.slice(0, 120)}
                    {row.notes.length > 0 ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {row.notes.join('; ')}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{row.correct_answer?.toUpperCase() ?? '—'}</TableCell>
                  <TableCell>
                    {row.points_correct_answer} / {row.points_incorrect_answer}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      <SkippedRows rows={preview.skippedRows} />
      <DuplicateRows rows={preview.duplicateRows} />
      {preview.duplicateRows.length > 0 || importDuplicates ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={importDuplicates}
              onChange={(event) => onImportDuplicates(event.target.checked)}
            />
          }
          label="Import duplicates anyway"
        />
      ) : null}
    </Box>
  );
}
