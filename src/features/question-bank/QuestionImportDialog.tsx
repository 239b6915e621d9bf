// Import questions into a test, an assignment or the pool from a spreadsheet (.xlsx), a Word
// document (.docx), or a Moodle XML, GIFT or Aiken file (issue 26): the templates, a preview from
// the server (counts by type, skipped rows with their line and reason, duplicates and the choice
// to import them anyway), then the upload with progress and what was imported.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ImportDialog } from '../../components/data/ImportDialog';
import { errorMessage, isApiError } from '../../lib/strapi';
import { ImportPreviewPanel, SkippedRows, DuplicateRows } from './ImportPreviewPanel';
import { useImportQuestionsMutation, usePreviewQuestionImportMutation } from './questionsEndpoints';
import { duplicateRowsOf, questionTemplates, skippedRowsOf } from './questionsUrls';
import type { ImportPreview, ImportResult } from './questionTypes';

const ACCEPT = [
  '.xlsx',
  '.docx',
  '.xml',
  '.gift',
  '.txt',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

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

export function QuestionImportDialog(props: QuestionImportDialogProps) {
  const { title = 'Import questions', endpoint, extraField = null, onImported, onClose } = props;
  const [importQuestions] = useImportQuestionsMutation();
  const [previewImport] = usePreviewQuestionImportMutation();
  const [importDuplicates, setImportDuplicates] = useState(false);
  return (
    <ImportDialog<ImportResult, ImportPreview>
      title={title}
      intro="Fill in a template, or choose a Moodle XML (.xml), GIFT (.gift) or Aiken (.txt) file. Preview shows what will be imported; rows with errors are skipped and listed."
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
      noFileText="No file chosen (.xlsx, .docx, .xml, .gift or .txt)"
      preview={{
        load: (file) => {
          setImportDuplicates(false);
          return previewImport({ endpoint, file, extraField }).unwrap();
        },
        show: (preview) => (
          <ImportPreviewPanel
            preview={preview}
            importDuplicates={importDuplicates}
            onImportDuplicates={setImportDuplicates}
          />
        ),
      }}
      upload={(file, onProgress) =>
        importQuestions({ endpoint, file, extraField, onProgress, importDuplicates }).unwrap()
      }
      skipped={(result) => (
        <>
          <SkippedRows rows={result.skippedRows} />
          <DuplicateRows rows={result.duplicateRows} />
        </>
      )}
      problemOf={(failure) => ({
        message: errorMessage(failure, 'The questions could not be imported.'),
        details: (
          <>
            <SkippedRows rows={isApiError(failure) ? skippedRowsOf(failure.details) : []} />
            <DuplicateRows rows={isApiError(failure) ? duplicateRowsOf(failure.details) : []} />
          </>
        ),
      })}
      onImported={onImported}
      onClose={onClose}
    />
  );
}
