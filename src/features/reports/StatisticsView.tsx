// The statistics of a multiple-choice test: the figures, the score and time-taken distributions
// as bar charts (@mui/x-charts, loaded with this chunk only), each with a table for screen readers
// ("Show as table" shows it on screen too), and the same per batch side by side.
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { queryErrorMessage } from '../../store/api';
import { duration, figure, percent } from './reportChoices';
import { useTestDataQuery } from './reportsEndpoints';
import type { Bin, Summary } from './reportsTypes';
import { visuallyHidden } from '../../theme/visuallyHidden';

interface StatisticsViewProps {
  documentId: string;
  batchId: string;
  attempt: 'best' | 'last';
}

export function StatisticsView({ documentId, batchId, attempt }: StatisticsViewProps) {
  const data = useTestDataQuery({ documentId, batchId, attempt });
  const [asTable, setAsTable] = useState(false);
  const error = queryErrorMessage(data.error, 'The statistics could not be loaded.');
  if (error) return <LoadError message={error} onRetry={() => void data.refetch()} />;
  const current = data.currentData;
  if (!current) return <Spinner label="Loading statistics" />;
  if (current.statistics.count === 0) {
    return (
      <EmptyState
        title="No results yet"
        description="The statistics appear once learners complete this test."
      />
    );
  }
  const notes = current.notes.statistics;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch checked={asTable} onChange={(event) => setAsTable(event.target.checked)} />
        }
        label="Show charts as tables"
        className="no-print"
      />
      <SummaryBlock
        title={current.test.name}
        summary={current.statistics}
        notes={notes}
        asTable={asTable}
      />
      {current.perBatch.length > 0 ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            By batch
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(360px, 1fr))' },
            }}
          >
            {current.perBatch.map((batch) => (
              <SummaryBlock
                key={batch.batch.documentId}
                title={batch.batch.name}
                summary={batch}
                notes={notes}
                asTable={asTable}
              />
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}

function SummaryBlock({
  title,
  summary,
  notes,
  asTable,
}: {
  title: string;
  summary: Summary;
  notes: Record<string, string>;
  asTable: boolean;
}) {
  const figures: [string, string, string][] = [
    ['count', 'Results', String(summary.count)],
    ['mean', 'Mean', figure(summary.mean)],
    ['median', 'Median', figure(summary.median)],
    ['standardDeviation', 'Standard deviation', figure(summary.standardDeviation)],
    ['highest', 'Highest', figure(summary.highest)],
    ['lowest', 'Lowest', figure(summary.lowest)],
    ['passRate', 'Pass rate', percent(summary.passRate)],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          gap: 1,
          m: 0,
        }}
      >
        {figures.map(([key, label, value]) => (
          <Tooltip key={key} title={notes[key] ?? ''} describeChild>
            <Box>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          </Tooltip>
        ))}
      </Box>
      <Distribution
        title={`Score distribution · ${title}`}
        bins={summary.scoreDistribution}
        label={(bin) => `${figure(bin.from)}–${figure(bin.to)}`}
        asTable={asTable}
      />
      <Distribution
        title={`Time taken · ${title}`}
        bins={summary.timeDistribution}
        label={(bin) => `${duration(bin.from)}–${duration(bin.to)}`}
        asTable={asTable}
      />
    </Paper>
  );
}

function Distribution({
  title,
  bins,
  label,
  asTable,
}: {
  title: string;
  bins: Bin[];
  label: (bin: Bin) => string;
  asTable: boolean;
}) {
  const labels = bins.map(label);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" component="h4">
        {title}
      </Typography>
      {asTable ? null : (
        <Box aria-hidden>
          <BarChart
            // Hidden from screen readers (the table tells the same), so not a tab stop either: axe's
            // aria-hidden-focus (x-charts 9 makes a chart keyboard-navigable by default).
            disableKeyboardNavigation
            height={220}
            xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 10 } }]}
            series={[{ data: bins.map((bin) => bin.count), label: 'Learners' }]}
            hideLegend
          />
        </Box>
      )}
      <TableContainer sx={asTable ? undefined : visuallyHidden}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Range</TableCell>
              <TableCell align="right">Learners</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {bins.map((bin, index) => (
              <TableRow key={labels[index]}>
                <TableCell>{labels[index]}</TableCell>
                <TableCell align="right">{bin.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
