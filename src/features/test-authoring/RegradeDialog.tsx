// Regrade a test after its key or marks changed (issue 23): the server's preview (how many
// results and marks change, a sample of learners), then "Regrade N results" with progress, and
// the outcome. The server re-marks everything in one transaction, so a failure changes nothing.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { RichText } from '../../components/content/RichText';
import { errorMessage, isApiError } from '../../lib/strapi';
import {
  useRegradePreviewQuery,
  useRegradeTestMutation,
  type RegradeOutcome,
  type RegradeSummary,
} from './regradeEndpoints';

interface RegradeDialogProps {
  testId: string;
  testName: string;
  /**
   * Opened by an edit of a question (not by the button): stays closed, and closes itself, unless
   * the preview finds results that change.
   */
  offer?: boolean;
  onClose: () => void;
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const verdict = (passed: boolean | null) => (passed === null ? '' : passed ? ' (pass)' : ' (fail)');

function Preview({ summary }: { summary: RegradeSummary }) {
  if (summary.results_changed === 0) {
    return (
      <Alert severity="info">
        The {plural(summary.results, 'result')} of this test already match the current answer key
        and marks: nothing changes.
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography>
        {plural(summary.results_changed, 'result')} of {summary.results} change (
        {plural(summary.totals_changed, 'total')},{' '}
        {plural(summary.passed_changed, 'pass/fail verdict')}
        ); {plural(summary.attempts_affected, 'attempt')} have answers marked differently. Marks
        change in total: {signed(summary.marks_change)}.
      </Typography>
      <List dense aria-label="Changed questions">
        {summary.questions.map((q) => (
          <ListItem key={q.documentId} disableGutters>
            <ListItemText
              primary={<RichText inline text={q.question} />}
              secondary={`Key ${q.key ?? '–'}, +${q.points_correct_answer ?? 0} / ${
                q.points_incorrect_answer ?? 0
              }: ${plural(q.answers_changed, 'answer')} in ${plural(
                q.attempts_affected,
                'attempt',
              )}, ${signed(q.marks_change)} marks`}
            />
          </ListItem>
        ))}
      </List>
      <Table size="small" aria-label="Learners whose results change">
        <TableHead>
          <TableRow>
            <TableCell>Learner</TableCell>
            <TableCell>Total now</TableCell>
            <TableCell>After the regrade</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.sample.map((row) => (
            <TableRow key={row.result}>
              <TableCell>{row.learner || 'Unnamed learner'}</TableCell>
              <TableCell>{`${row.old_total ?? '–'}${verdict(row.old_passed)}`}</TableCell>
              <TableCell>{`${row.new_total ?? '–'}${verdict(row.new_passed)}`}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {summary.results_changed > summary.sample.length ? (
        <Typography variant="body2" color="text.secondary">
          The first {summary.sample.length} of {summary.results_changed} are shown.
        </Typography>
      ) : null}
    </Stack>
  );
}

export function RegradeDialog({ testId, testName, offer, onClose }: RegradeDialogProps) {
  const preview = useRegradePreviewQuery(testId);
  const [regrade, state] = useRegradeTestMutation();
  const [outcome, setOutcome] = useState<RegradeOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const summary = preview.data;
  const count = summary?.results_changed ?? 0;
  // "Nothing to regrade." (nobody has taken the test) is an answer, not a failure.
  const nothing =
    isApiError(preview.error) && preview.error.status === 400 ? preview.error.message : null;

  const quiet = Boolean(offer) && (preview.isError || (summary !== undefined && count === 0));
  useEffect(() => {
    if (quiet) onClose();
  }, [quiet, onClose]);

  const run = async () => {
    setFailure(null);
    try {
      setOutcome(await regrade(testId).unwrap());
    } catch (error) {
      setFailure(`The regrade failed and changed nothing: ${errorMessage(error)}`);
    }
  };

  return (
    <Dialog
      open={!offer || (summary !== undefined && count > 0)}
      onClose={state.isLoading ? undefined : onClose}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle>Regrade {testName}</DialogTitle>
      <DialogContent dividers>
        {preview.isFetching && !summary ? (
          <Stack spacing={1}>
            <Typography>Counting what changes…</Typography>
            <LinearProgress />
          </Stack>
        ) : null}
        {nothing ? <Alert severity="info">{nothing}</Alert> : null}
        {preview.isError && !nothing ? (
          <Alert severity="error">{errorMessage(preview.error)}</Alert>
        ) : null}
        {outcome ? (
          <Alert severity="success">
            Regraded {plural(outcome.results_changed, 'result')};{' '}
            {plural(outcome.notified, 'learner')} notified.
          </Alert>
        ) : summary ? (
          <Preview summary={summary} />
        ) : null}
        {state.isLoading ? (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <Typography>Regrading {plural(count, 'result')}…</Typography>
            <LinearProgress />
          </Stack>
        ) : null}
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state.isLoading}>
          {outcome ? 'Close' : 'Cancel'}
        </Button>
        {outcome || !summary || count === 0 ? null : (
          <Button variant="contained" onClick={() => void run()} disabled={state.isLoading}>
            Regrade {plural(count, 'result')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
