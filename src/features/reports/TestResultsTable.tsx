// The results of a multiple-choice test, learner by learner: paged, sorted and searched on the
// server, exported to xlsx (store/downloads.ts) and printed (the controls hide on paper). Each
// row opens the learner's progress and their attempt's review; on a phone the rows stack as cards.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { RecordTable, recordsFrom, type RecordColumn } from '../../components/data/RecordTable';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { examPaths, reportPaths } from '../../lib/paths';
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
      <RecordTable
        name="Test results"
        records={recordsFrom(
          results,
          current && {
            rows: current.rows,
            total: current.pagination?.total ?? current.rows.length,
          },
          error,
        )}
        columns={columns}
        rowKey={(row) => row.resultDocumentId}
        empty={{
          title: 'No results yet',
          description: 'Completed attempts of this test appear here.',
        }}
        page={page}
        pageSize={TEST_RESULTS_PAGE_SIZE}
        onPage={(next) => setPaging({ key, page: next })}
        onRetry={() => void results.refetch()}
        minWidth={1140}
        className="print-table"
      />
    </>
  );
}

const columns: RecordColumn<TestResultRow>[] = [
  {
    header: 'Learner',
    cell: (row) => (
      <Link component={RouterLink} to={reportPaths.progress(row.learner.documentId)}>
        {row.learner.name}
      </Link>
    ),
  },
  { header: 'Roll number', cell: (row) => row.learner.rollNumber ?? '—' },
  { header: 'Batch', cell: (row) => row.batch?.name ?? '—' },
  { header: 'Score', cell: (row) => figure(row.score) },
  { header: 'Correct', cell: (row) => row.correct },
  { header: 'Wrong', cell: (row) => row.wrong },
  { header: 'Skipped', cell: (row) => row.skipped },
  { header: 'Time taken', cell: (row) => duration(row.timeTakenSeconds) },
  { header: 'Attempt', cell: (row) => row.attemptNumber },
  { header: 'Rank', cell: (row) => row.rank ?? '—' },
  { header: 'Percentile', cell: (row) => figure(row.percentile, 1) },
  {
    header: 'Pass / fail',
    cell: (row) =>
      row.passed === null ? (
        '—'
      ) : (
        <Chip
          size="small"
          color={row.passed ? 'success' : 'error'}
          label={row.passed ? 'Pass' : 'Fail'}
        />
      ),
  },
  { header: 'Status', cell: (row) => (row.status === 'timed-out' ? 'Timed out' : 'Submitted') },
  // The integrity log's count (issue 23); its timeline is on the attempt's review.
  { header: 'Integrity events', cell: (row) => row.integrityEvents ?? 0 },
  {
    header: 'Review',
    cell: (row) => (
      <Link
        component={RouterLink}
        to={examPaths.result(row.resultDocumentId)}
        aria-label={`Review the attempt of ${row.learner.name}`}
      >
        Review
      </Link>
    ),
  },
];
