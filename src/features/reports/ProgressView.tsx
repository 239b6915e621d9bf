// A learner's progress (issue 22): every result over time as a table and as percent and
// percentile trend lines (@mui/x-charts, loaded with the reports' chunk only, with a table for
// screen readers), subject-wise averages (strongest and weakest marked), live-class attendance
// and a Print button for a report card. The learner reads their own; staff any learner they see.
import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Navigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { paths } from '../../lib/paths';
import { selectRoleKind } from '../../session/sessionSlice';
import { queryErrorMessage } from '../../store/api';
import { useAppSelector } from '../../store/hooks';
import { MyStanding } from './LeaderboardView';
import { printStyles } from './printStyles';
import { figure } from './reportChoices';
import { percentText, ProgressResultsTable } from './ProgressResultsTable';
import { useLearnerProgressQuery, useMyProgressQuery } from './reportsEndpoints';
import type { LearnerProgress, ProgressResult, SubjectAverage } from './reportsTypes';
import { visuallyHidden } from '../../theme/visuallyHidden';

/** "My progress": the signed-in learner's own. */
export function MyProgressPage() {
  const progress = useMyProgressQuery();
  return (
    <ProgressView
      title="My progress"
      data={progress.currentData}
      error={queryErrorMessage(progress.error, 'Your progress could not be loaded.')}
      onRetry={() => void progress.refetch()}
      footer={<MyStanding />}
    />
  );
}

/** Staff: a learner's progress, /reports/progress/:studentDocumentId. */
export function LearnerProgressPage() {
  const { studentDocumentId } = useParams();
  const role = useAppSelector(selectRoleKind);
  const staff = role !== 'student';
  const progress = useLearnerProgressQuery(
    staff && studentDocumentId ? studentDocumentId : skipToken,
  );
  if (!staff) return <Navigate to={`${paths.reports}/progress`} replace />;
  return (
    <ProgressView
      title={progress.currentData ? `Progress · ${progress.currentData.learner.name}` : 'Progress'}
      data={progress.currentData}
      error={queryErrorMessage(progress.error, 'The progress could not be loaded.')}
      onRetry={() => void progress.refetch()}
    />
  );
}

interface ProgressViewProps {
  title: string;
  data: LearnerProgress | undefined;
  error: string | null;
  onRetry: () => void;
  /** Under the progress (the learner's own standing in a series). */
  footer?: ReactNode;
}

export function ProgressView({ title, data, error, onRetry, footer }: ProgressViewProps) {
  return (
    <Box>
      {printStyles}
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {data ? (
          <Button variant="outlined" className="no-print" onClick={() => window.print()}>
            Print
          </Button>
        ) : null}
      </Stack>
      {error ? <LoadError message={error} onRetry={onRetry} /> : null}
      {!error && !data ? <Spinner label="Loading progress" /> : null}
      {!error && data ? <ProgressBody data={data} /> : null}
      {footer}
    </Box>
  );
}

function ProgressBody({ data }: { data: LearnerProgress }) {
  const { learner, results, subjects, attendance } = data;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {learner.name}
        {learner.rollNumber ? ` · Roll number ${learner.rollNumber}` : ''}
        {` · Live classes attended: ${attendance.present} of ${attendance.total}`}
      </Typography>
      {results.length === 0 ? (
        <EmptyState
          title="No results yet"
          description="Completed tests and assignments appear here."
        />
      ) : (
        <>
          <Trend results={results} />
          <ProgressResultsTable label="Results over time" withKind results={results} />
          <Subjects subjects={subjects} />
        </>
      )}
    </>
  );
}

function Trend({ results }: { results: ProgressResult[] }) {
  const labels = results.map((result, index) => `${index + 1}. ${result.work.name}`);
  return (
    <Paper variant="outlined" component="section" aria-label="Trend" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2">
        Percent and percentile over time
      </Typography>
      <Box aria-hidden>
        <LineChart
          // Hidden from screen readers (the table tells the same), so not a tab stop either: axe's
          // aria-hidden-focus (x-charts 9 makes a chart keyboard-navigable by default).
          disableKeyboardNavigation
          height={260}
          xAxis={[{ scaleType: 'point', data: labels, tickLabelStyle: { fontSize: 10 } }]}
          yAxis={[{ min: 0, max: 100 }]}
          series={[
            { data: results.map((result) => result.percent), label: 'Percent', connectNulls: true },
            {
              data: results.map((result) => result.percentile),
              label: 'Percentile',
              connectNulls: true,
            },
          ]}
        />
      </Box>
      <TableContainer sx={visuallyHidden}>
        <Table size="small" aria-label="Percent and percentile over time">
          <TableHead>
            <TableRow>
              <TableCell>Work</TableCell>
              <TableCell>Percent</TableCell>
              <TableCell>Percentile</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {results.map((result, index) => (
              <TableRow key={labels[index]}>
                <TableCell>{labels[index]}</TableCell>
                <TableCell>{percentText(result.percent)}</TableCell>
                <TableCell>{figure(result.percentile, 1)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function Subjects({ subjects }: { subjects: SubjectAverage[] }) {
  const scored = subjects.filter((subject) => subject.average !== null);
  const averages = scored.map((subject) => subject.average as number);
  const best = scored.length > 1 ? Math.max(...averages) : null;
  const worst = scored.length > 1 ? Math.min(...averages) : null;
  return (
    <Paper variant="outlined" component="section" aria-label="Subjects" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Subject-wise averages
      </Typography>
      {subjects.length === 0 ? (
        <Typography color="text.secondary">No subject-wise marks yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {subjects.map((subject) => (
            <Box component="li" key={subject.subject.documentId} sx={{ mb: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ flexGrow: 1 }}>{subject.subject.name}</Typography>
                {best !== null && subject.average === best ? (
                  <Chip size="small" color="success" label="Strongest" />
                ) : null}
                {worst !== null && best !== worst && subject.average === worst ? (
                  <Chip size="small" color="warning" label="Weakest" />
                ) : null}
                <Typography variant="body2">
                  {percentText(subject.average)} · {subject.results}{' '}
                  {subject.results === 1 ? 'result' : 'results'}
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={Math.max(0, Math.min(100, subject.average ?? 0))}
                aria-label={`${subject.subject.name} average`}
              />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
