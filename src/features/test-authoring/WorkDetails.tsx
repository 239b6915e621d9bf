// The top of a test's or an assignment's page: its description, its details as labelled values
// and its attachments; and the page while the record loads or when it could not be loaded.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { queryErrorMessage } from '../../store/api';
import { FileList } from '../media';
import type { MediaFile } from '../media';
import { capitalised } from './testLabels';

/** One labelled value of the details (a `dt` and its `dd`). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

interface WorkDetailsProps {
  /** The details list's accessible name ("Test details"). */
  label: string;
  description?: string | null;
  attachments?: MediaFile[] | null;
  /** The DetailFields, in a grid. */
  children: ReactNode;
  /** Shown under the grid, before the attachments (a test's instructions). */
  below?: ReactNode;
}

export function WorkDetails({
  label,
  description,
  attachments,
  children,
  below,
}: WorkDetailsProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      {description ? (
        <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {description}
        </Typography>
      ) : null}
      <Box
        component="dl"
        aria-label={label}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
          m: 0,
        }}
      >
        {children}
      </Box>
      {below ? <Box sx={{ mt: 2 }}>{below}</Box> : null}
      {attachments && attachments.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h2" color="text.secondary">
            Attachments
          </Typography>
          <FileList files={attachments} />
        </Box>
      ) : null}
    </Paper>
  );
}

interface WorkLoadingProps {
  /** "test" or "assignment". */
  noun: string;
  /** The record's query, which has not answered this record yet. */
  query: { isError: boolean; error?: unknown; refetch: () => unknown };
}

/** The error with Retry under a page titled "Test" (or "Assignment"), or the spinner. */
export function WorkLoading({ noun, query }: WorkLoadingProps) {
  if (!query.isError) return <Spinner label={`Loading the ${noun}`} />;
  return (
    <PageContainer title={capitalised(noun)}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {queryErrorMessage(query.error, `The ${noun} could not be loaded.`)}
      </Alert>
    </PageContainer>
  );
}
