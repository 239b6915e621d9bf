// The Export menu of a question list (the pool, a test's or an assignment's questions; issue 26):
// a format to choose (spreadsheet, Moodle XML, GIFT, Aiken), the download with its progress, then
// what the format could not hold (the questions left out with the reason, and what every question
// loses). The pool exports what its list shows (search and filters); above the limit the menu
// says to narrow the list instead of sending a call the server would refuse.
import { useId, useState, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useFileExport } from '../../components/data/useFileExport';
import { EXPORT_FORMATS, exportRequest, MAX_EXPORT, type ExportTarget } from './questionsUrls';
import type { ExportFormat } from './questionTypes';

interface ExportReport {
  count: number;
  skipped: Array<{ number: number; question: string; reason: string }>;
  notes: string[];
}

const parsed = (value: string | undefined): unknown => {
  if (!value) return [];
  try {
    return JSON.parse(decodeURIComponent(value)) as unknown;
  } catch {
    return [];
  }
};

/** What the export's headers tell (see the server's question export). */
export function exportReportOf(headers: Record<string, string>): ExportReport {
  const skipped = parsed(headers['x-export-skipped']);
  const notes = parsed(headers['x-export-notes']);
  return {
    count: Number(headers['x-export-count'] ?? 0) || 0,
    skipped: Array.isArray(skipped)
      ? skipped.filter(
          (s): s is ExportReport['skipped'][number] =>
            typeof s === 'object' &&
            s !== null &&
            typeof (s as { reason?: unknown }).reason === 'string',
        )
      : [],
    notes: Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : [],
  };
}

interface QuestionExportMenuProps {
  target: ExportTarget;
  /** How many questions the export would hold (the list's total), when known. */
  count?: number;
  /** The list's count stopped short (a search matching more than it counts). */
  more?: boolean;
}

export function QuestionExportMenu({ target, count, more = false }: QuestionExportMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [report, setReport] = useState<ExportReport | null>(null);
  const exporter = useFileExport('The questions could not be exported.');
  const tooMany = more || (count ?? 0) > MAX_EXPORT;

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setReport(null);
    const { url, fileName } = exportRequest(target, format);
    const headers = await exporter.run({ url }, fileName);
    if (headers) setReport(exportReportOf(headers));
  };

  return (
    <Box>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={exporter.running || tooMany}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {exporter.running ? 'Exporting…' : 'Export questions'}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
      {tooMany ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          More than {MAX_EXPORT.toLocaleString('en')} questions match: narrow the search or the
          filters to export them.
        </Alert>
      ) : null}
      {exporter.errorAlert}
      {report ? (
        <Alert
          severity={report.skipped.length > 0 ? 'warning' : 'success'}
          role="status"
          onClose={() => setReport(null)}
          sx={{ mt: 1 }}
        >
          {report.count} questions exported
          {report.skipped.length > 0 ? `; ${report.skipped.length} left out:` : '.'}
          {report.skipped.length > 0 ? (
            <Box component="ul" aria-label="Questions left out" sx={{ m: 0, pl: 2.5 }}>
              {report.skipped.map((s) => (
                <li key={s.number}>
                  Question {s.number} “{s.question}”: {s.reason}
                </li>
              ))}
            </Box>
          ) : null}
          {report.notes.map((note) => (
            <Box key={note}>{note}</Box>
          ))}
        </Alert>
      ) : null}
    </Box>
  );
}
