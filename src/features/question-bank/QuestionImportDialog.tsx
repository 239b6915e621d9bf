// Import questions from a spreadsheet (.xlsx) or a Word document (.docx) into a test, an
// assignment or the pool: the templates, the upload with progress, then what was imported and
// which rows were skipped and why.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ImportDialog } from '../../components/data/ImportDialog';
import { errorMessage, isApiError } from '../../lib/strapi';
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
  const [importQuestions] = useImportQuestionsMutation();
  return (
    <ImportDialog
      title={title}
      intro="Fill in a template, then choose the file. Rows with errors are skipped and listed."
      templates={() => (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Link href={questionTemplates.xlsx} download>
            Download the spreadsheet template (.xlsx)
          </Link>
          <Link href={questionTemplates.docx} download>
            Download the Word template (.docx)
          </Link>
        </Box>
      )}
      accept={ACCEPT}
      fileLabel="Question file"
      noFileText="No file chosen (.xlsx or .docx)"
      upload={(file, onProgress) =>
        importQuestions({ endpoint, file, extraField, onProgress }).unwrap()
      }
      skipped={(result) => <SkippedRows rows={result.skippedRows} />}
      problemOf={(failure) => ({
        message: errorMessage(failure, 'The questions could not be imported.'),
        details: <SkippedRows rows={isApiError(failure) ? skippedRowsOf(failure.details) : []} />,
      })}
      onImported={onImported}
      onClose={onClose}
    />
  );
}
