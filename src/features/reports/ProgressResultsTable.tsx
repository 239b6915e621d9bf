// A learner's results as a table (issue 22): "My progress" lists every kind over time, "My
// results" only the multiple-choice tests. One table, so both say a result the same way.
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../lib/dates';
import { figure } from './reportChoices';
import type { ProgressResult } from './reportsTypes';

const kindLabels: Record<ProgressResult['kind'], string> = {
  test: 'Test',
  'mains-test': 'Mains test',
  assignment: 'Assignment',
};

/** A percentage with one decimal, or a dash where there is none. */
export const percentText = (value: number | null) =>
  value === null ? '—' : `${figure(value, 1)} %`;

export function ProgressResultsTable({
  results,
  label,
  withKind,
}: {
  results: ProgressResult[];
  /** The table's accessible name. */
  label: string;
  /** A "Kind" column (test, Mains test, assignment) where the results mix kinds. */
  withKind: boolean;
}) {
  const columns = withKind
    ? ['Work', 'Kind', 'Date', 'Score', 'Percent', 'Rank', 'Percentile']
    : ['Test', 'Date', 'Score', 'Percent', 'Rank', 'Percentile'];
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <TableContainer className="print-table">
        <Table aria-label={label} size="small" sx={{ minWidth: withKind ? 720 : undefined }}>
          <TableHead>
            <TableRow>
              {columns.map((name) => (
                <TableCell key={name}>{name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {results.map((result, index) => (
              <TableRow key={`${result.work.documentId}-${index}`}>
                <TableCell>{result.work.name}</TableCell>
                {withKind ? <TableCell>{kindLabels[result.kind]}</TableCell> : null}
                <TableCell>{formatDateTime(result.date)}</TableCell>
                <TableCell>
                  {figure(result.score)} / {figure(result.maxMarks)}
                </TableCell>
                <TableCell>{percentText(result.percent)}</TableCell>
                <TableCell>{result.rank ?? '—'}</TableCell>
                <TableCell>{figure(result.percentile, 1)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
