// "My results" (issue 22): the learner's multiple-choice (Prelims) results, read from their
// progress (GET /api/reports/my-progress, kind 'test'). The progress carries no result id, so a
// row does not link to the attempt review; "My progress" shows the same results over time.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { queryErrorMessage } from '../../store/api';
import { ProgressResultsTable } from './ProgressResultsTable';
import { useMyProgressQuery } from './reportsEndpoints';

const HEADING_ID = 'my-mcq-tests-title';

/** A titled section of "My results": every multiple-choice test result of the learner. */
export function MyMcqResultsSection() {
  const progress = useMyProgressQuery();
  const results = (progress.currentData?.results ?? []).filter((result) => result.kind === 'test');
  const error = queryErrorMessage(
    progress.error,
    'Your multiple-choice results could not be loaded.',
  );
  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ mb: 4 }}>
      <Typography id={HEADING_ID} variant="h5" component="h2" sx={{ mb: 2 }}>
        Multiple-choice tests
      </Typography>
      {error ? <LoadError message={error} onRetry={() => void progress.refetch()} /> : null}
      {!error && !progress.currentData ? (
        <Spinner label="Loading your multiple-choice results" />
      ) : null}
      {!error && progress.currentData && results.length === 0 ? (
        <Typography color="text.secondary">No multiple-choice tests yet</Typography>
      ) : null}
      {!error && results.length > 0 ? (
        <ProgressResultsTable
          label="Your multiple-choice test results"
          withKind={false}
          results={results}
        />
      ) : null}
    </Box>
  );
}
