// /reports/rechecks (issue 27): staff's re-check queue (a faculty member the requests on questions
// they marked, an administrator all), open ones first, each answered by keeping or changing the
// mark with a comment; a learner sees their own requests with their history. The server decides
// who sees and answers what.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { plainText } from '../../components/content/plainText';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { mainsPaths, paths } from '../../lib/paths';
import { errorMessage } from '../../lib/strapi';
import { useAppSelector } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { selectRoleKind } from '../../session/sessionSlice';
import { marksText, useAnswerRecheckMutation, useRechecksQuery } from '../mains';
import type { Recheck } from '../mains';
import { RecheckHistory } from './RecheckRequest';

export const COMMENT_MIN = 3;

function AnswerDialog({ request, onClose }: { request: Recheck; onClose: () => void }) {
  const [answer] = useAnswerRecheckMutation();
  const [decision, setDecision] = useState<'keep' | 'change'>('keep');
  const [marks, setMarks] = useState(String(request.marks ?? ''));
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (comment.trim().length < COMMENT_MIN) {
      setError('Give a comment for the learner.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await answer({
        requestId: request.documentId,
        decision,
        comment: comment.trim(),
        ...(decision === 'change' ? { marks: Number(marks) } : {}),
      }).unwrap();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title="Answer the re-check"
      submitLabel="Send the answer"
      busyLabel="Sending…"
      saving={saving}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography variant="body2">
        Reason: “{request.reason}” · mark now {marksText(request.marks)}
      </Typography>
      <SelectInput
        label="Decision"
        value={decision}
        onChange={(value) => setDecision(value === 'change' ? 'change' : 'keep')}
        choices={[
          { value: 'keep', label: 'Keep the mark' },
          { value: 'change', label: 'Change the mark' },
        ]}
      />
      {decision === 'change' ? (
        <TextInput label="New mark" type="number" value={marks} onChange={setMarks} />
      ) : null}
      <TextInput
        label="Comment for the learner"
        value={comment}
        onChange={setComment}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}

export function RecheckQueue() {
  const role = useAppSelector(selectRoleKind);
  const [status, setStatus] = useState<'' | 'open'>(role === 'student' ? '' : 'open');
  const loaded = useRechecksQuery(status ? { status } : {});
  const [answering, setAnswering] = useState<Recheck | null>(null);
  const requests = loaded.currentData;
  const staff = role !== 'student';
  const title = staff ? 'Re-check requests' : 'My re-check requests';

  return (
    <PageContainer
      title={title}
      actions={
        <Button component={RouterLink} to={paths.reports}>
          Back to reports
        </Button>
      }
    >
      {staff ? (
        <Box sx={{ maxWidth: 240, mb: 2 }}>
          <SelectInput
            label="Show"
            value={status}
            onChange={(value) => setStatus(value === 'open' ? 'open' : '')}
            choices={[
              { value: 'open', label: 'Open requests' },
              { value: '', label: 'All requests' },
            ]}
          />
        </Box>
      ) : null}
      {loaded.error ? (
        <LoadError
          message={queryErrorMessage(loaded.error, 'The requests could not be loaded.') ?? ''}
          onRetry={() => void loaded.refetch()}
        />
      ) : null}
      {!requests && !loaded.error ? <Spinner label="Loading the requests" /> : null}
      {requests && requests.length === 0 ? <EmptyState title="No re-check requests" /> : null}
      {requests && requests.length > 0 ? (
        <Stack component="ul" aria-label={title} spacing={1.5} sx={{ p: 0, m: 0 }}>
          {requests.map((request) => (
            <Paper
              key={request.documentId}
              component="li"
              variant="outlined"
              sx={{ p: 2, listStyle: 'none' }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
                  {request.subject?.name ?? 'Question'}:{' '}
                  {plainText(request.question.question).slice(0, 120)}
                </Typography>
                <Chip
                  size="small"
                  color={request.status === 'open' ? 'warning' : 'default'}
                  label={request.status}
                />
                <Typography variant="body2">Mark {marksText(request.marks)}</Typography>
              </Box>
              <RecheckHistory request={request} />
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                <Button
                  size="small"
                  component={RouterLink}
                  to={mainsPaths.script(request.resultId)}
                >
                  Open the script
                </Button>
                {staff && request.status === 'open' ? (
                  <Button size="small" variant="contained" onClick={() => setAnswering(request)}>
                    Answer
                  </Button>
                ) : null}
              </Box>
            </Paper>
          ))}
        </Stack>
      ) : null}
      {answering ? <AnswerDialog request={answering} onClose={() => setAnswering(null)} /> : null}
    </PageContainer>
  );
}
