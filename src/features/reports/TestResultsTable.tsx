// The results of a multiple-choice test, learner by learner: paged, sorted and searched on the
// server, exported to xlsx (store/downloads.ts) and printed (the controls hide on paper). On a
// phone the table scrolls sideways inside its frame.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { PageControls } from '../../components/data/PageControls';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { reportPaths } from '../../lib/paths';
import { errorMessage } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import { useDownloadFileMutation } from '../../store/downloads';
import { duration, figure } from './reportChoices';
import { printStyles } from './printStyles';
import { useTestResultsQuery } from './reportsEndpoints';
import type { AttemptChoice, ResultsSort, TestResultRow } from './reportsTypes';
import { reportsUrls, TEST_RESULTS_PAGE_SIZE } from './reportsUrls';

const sortChoices = [
  { value: 'score:desc', label: 'Score, highest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'time:asc', label: 'Time taken, shortest first' },
];

interface TestResultsTableProps {
  documentId: string;
  batchId: string;
  attempt: AttemptChoice;
  /** The test's name, for the exported file's name. */
  testName: string;
}

export function TestResultsTable({
  documentId,
  batchId,
  attempt,
  testName,
}: TestResultsTableProps) {
  const [sort, setSort] = useState<ResultsSort>('score:desc');
  const [typed, setTyped] = useState('');
  const { term: search } = useSearchTerm(typed, true);
  const key = `${documentId}|${batchId}|${attempt}|${sort}|${search}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const filters = { documentId, batchId, attempt, sort, search };
  const results = useTestResultsQuery({ ...filters, page });
  const [download, downloading] = useDownloadFileMutation();
  const [exportError, setExportError] = useState<string | null>(null);

  const error = queryErrorMessage(results.error, 'The results could not be loaded.');
  const current = results.currentData ?? results.data;
  const rows = current?.rows ?? [];

  const exportFile = async () => {
    setExportError(null);
    try {
      await download({
        request: { url: reportsUrls.export(filters) },
        fileName: `results-${testName}.xlsx`,
      }).unwrap();
    } catch (failure) {
      setExportError(errorMessage(failure, 'The export failed.'));
    }
  };

  return (
    <>
      {printStyles}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        className="no-print"
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <TextInput
          label="Search learners"
          type="search"
          value={typed}
          onChange={setTyped}
          helperText="Part of a name or roll number"
        />
        <SelectInput
          label="Sort by"
          value={sort}
          onChange={(value) => setSort(value as ResultsSort)}
          choices={sortChoices}
        />
        <Button
          variant="outlined"
          disabled={downloading.isLoading}
          onClick={() => void exportFile()}
        >
          {downloading.isLoading ? 'Exporting…' : 'Export to xlsx'}
        </Button>
        <Button variant="outlined" onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
      {exportError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      ) : null}
      {error ? <LoadError message={error} onRetry={() => void results.refetch()} /> : null}
      {!error && !current ? <Spinner label="Loading results" /> : null}
      {!error && current && rows.length === 0 ? (
        <EmptyState
          title="No results yet"
          description="Completed attempts of this test appear here."
        />
      ) : null}
      {!error && current && rows.length > 0 ? (
        <Paper variant="outlined" aria-busy={results.isFetching}>
          {results.isFetching ? <LinearProgress aria-label="Loading results" /> : null}
          <TableContainer className="print-table">
            <Table aria-label="Test results" size="small" sx={{ minWidth: 960 }}>
              <TableHead>
                <TableRow>
                  {[
                    'Learner',
                    'Roll number',
                    'Batch',
                    'Score',
                    'Correct',
                    'Wrong',
                    'Skipped',
                    'Time taken',
                    'Attempt',
                    'Rank',
                    'Percentile',
                    'Pass / fail',
                    'Status',
                  ].map((title) => (
                    <TableCell key={title}>{title}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <ResultRow key={row.resultDocumentId} row={row} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls
            total={current.pagination?.total ?? rows.length}
            page={page}
            pageSize={TEST_RESULTS_PAGE_SIZE}
            onPage={(next) => setPaging({ key, page: next })}
          />
        </Paper>
      ) : null}
    </>
  );
}

function ResultRow({ row }: { row: TestResultRow }) {
  return (
    <TableRow hover>
      <TableCell>
        <Link component={RouterLink} to={reportPaths.progress(row.learner.documentId)}>
          {row.learner.name}
        </Link>
      </TableCell>
      <TableCell>{row.learner.rollNumber ?? '—'}</TableCell>
      <TableCell>{row.batch?.name ?? '—'}</TableCell>
      <TableCell>{figure(row.score)}</TableCell>
      <TableCell>{row.correct}</TableCell>
      <TableCell>{row.wrong}</TableCell>
      <TableCell>{row.skipped}</TableCell>
      <TableCell>{duration(row.timeTakenSeconds)}</TableCell>
      <TableCell>{row.attemptNumber}</TableCell>
      <TableCell>{row.rank ?? '—'}</TableCell>
      <TableCell>{figure(row.percentile, 1)}</TableCell>
      <TableCell>
        {row.passed === null ? (
          '—'
        ) : (
          <Chip
            size="small"
            color={row.passed ? 'success' : 'error'}
            label={row.passed ? 'Pass' : 'Fail'}
          />
        )}
      </TableCell>
      <TableCell>{row.status === 'timed-out' ? 'Timed out' : 'Submitted'}</TableCell>
    </TableRow>
  );
}
