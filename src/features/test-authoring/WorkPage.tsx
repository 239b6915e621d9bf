// The frame of a test's or an assignment's page (staff): the record read by its documentId (the
// error with Retry, or the spinner, until it is), its name with Back, Results, its status with
// Publish or Close (issue 23) and Edit, its details, its questions, and its form.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import type { Ref } from '../courses';
import { queryErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { messageShown, selectionChanged } from '../../store/uiSlice';
import { capitalised } from './testLabels';
import type { WorkStatus } from './testTypes';
import { WorkStatusActions, type WorkLifecycle } from './WorkStatusActions';

interface WorkPageProps<D extends Ref & { status?: WorkStatus | null }> {
  /** "test" or "assignment": the texts, the labels and the screen selection say it. */
  noun: 'test' | 'assignment';
  documentId: string;
  /** The record's query (a save of its form refreshes it). */
  detail: { data?: D; isError: boolean; error?: unknown; refetch: () => unknown };
  nameOf: (record: D) => string;
  /** The list the page came from. */
  backTo: string;
  /** Where the record's results are, when it has them. */
  resultsTo: (record: D) => string | null;
  details: (record: D) => ReactNode;
  questions: (record: D) => ReactNode;
  /** The form to edit the record, loaded lazily (a Suspense is around it). */
  form: (record: D, onClose: () => void, onSaved: () => void) => ReactNode;
  /** Publish and close the record (issue 23). */
  lifecycle: WorkLifecycle;
}

export function WorkPage<D extends Ref & { status?: WorkStatus | null }>(props: WorkPageProps<D>) {
  const { noun, documentId, detail, nameOf, backTo, resultsTo, details, questions, form } = props;
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const Noun = capitalised(noun);

  useEffect(() => {
    dispatch(selectionChanged({ key: noun, id: documentId }));
  }, [dispatch, noun, documentId]);

  const current = detail.data?.documentId === documentId ? detail.data : null;
  if (!current) {
    if (!detail.isError) return <Spinner label={`Loading the ${noun}`} />;
    return (
      <PageContainer title={Noun}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              Retry
            </Button>
          }
        >
          {queryErrorMessage(detail.error, `The ${noun} could not be loaded.`)}
        </Alert>
      </PageContainer>
    );
  }

  const results = resultsTo(current);
  return (
    <PageContainer
      title={nameOf(current)}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={backTo}>
            {`Back to ${noun}s`}
          </Button>
          {results ? (
            <Button component={RouterLink} to={results}>
              Results
            </Button>
          ) : null}
          <WorkStatusActions
            noun={noun}
            name={nameOf(current)}
            status={current.status}
            {...props.lifecycle}
          />
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {`Edit ${noun}`}
          </Button>
        </Stack>
      }
    >
      {details(current)}
      {questions(current)}
      {editing ? (
        <Suspense fallback={null}>
          {form(
            current,
            () => setEditing(false),
            // The save refreshes this record (its tag).
            () => dispatch(messageShown({ kind: 'success', text: `${Noun} saved.` })),
          )}
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
