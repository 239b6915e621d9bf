// Import records from a spreadsheet made from a template: the template link, the file, the
// upload with progress, then the server's message and the skipped rows grouped by reason.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { errorMessage } from '../../lib/strapi';
import { useDownloadFileMutation } from '../../store/downloads';
import {
  templateFileName,
  templateRequest,
  useImportSpreadsheetMutation,
  type SkippedRecord,
  type SpreadsheetImportResult,
} from './importEndpoints';
import { ImportDialog } from './ImportDialog';

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

/** The template's link: downloaded through the API, a failure shown in the dialog. */
function TemplateLink(props: {
  templateUrl: string;
  report: (problem: { message: string } | null) => void;
}) {
  const { templateUrl, report } = props;
  const [download, template] = useDownloadFileMutation();

  const getTemplate = async () => {
    if (template.isLoading) return;
    report(null);
    try {
      await download({
        request: templateRequest(templateUrl),
        fileName: templateFileName(templateUrl),
      }).unwrap();
    } catch (failure) {
      report({ message: errorMessage(failure, 'The template could not be downloaded.') });
    }
  };

  return (
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
  );
}

export function SpreadsheetImportDialog(props: SpreadsheetImportDialogProps) {
  const { title, fileLabel, templateUrl, skippedLabel, endpoint, fallbackMessage } = props;
  const [importSpreadsheet] = useImportSpreadsheetMutation();
  return (
    <ImportDialog
      title={title}
      intro="Fill in the template, then choose the file. Rows with errors are skipped and listed."
      templates={(report) => <TemplateLink templateUrl={templateUrl} report={report} />}
      accept={ACCEPT}
      fileLabel={fileLabel}
      noFileText="No file chosen (.xlsx)"
      upload={(file, onProgress) =>
        importSpreadsheet({ url: endpoint, file, onProgress, fallbackMessage }).unwrap()
      }
      skipped={(result) => <SkippedRecords label={skippedLabel} records={result.skippedRecords} />}
      problemOf={(failure) => ({
        message: errorMessage(failure, 'The file could not be imported.'),
      })}
      onImported={props.onImported}
      onClose={props.onClose}
    />
  );
}
