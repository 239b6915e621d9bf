// The questions section of a test's or an assignment's page: the list with its selection, new,
// edit, delete (one or several, with a report of what failed), import from a file and copy from
// the pool, through the question bank's dialogs and hooks.
import { lazy, Suspense, useState } from 'react';
import { useSelection } from '../../components/data/useSelection';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { useAppDispatch } from '../../store/hooks';
import { optionsOf, type QueryResultLike } from '../../store/queryState';
import { messageShown } from '../../store/uiSlice';
import {
  QuestionFormDialog,
  QuestionExportMenu,
  QuestionImportDialog,
  QuestionList,
  importEndpoints,
  useCopyFromPoolMutation,
  useDeleteQuestionsMutation,
  type Question,
  type QuestionPayload,
  type QuestionTarget,
} from '../question-bank';

const PoolPickerDialog = lazy(() =>
  import('../question-bank/PoolPickerDialog').then((module) => ({
    default: module.PoolPickerDialog,
  })),
);

// Preview as a learner (issue 26): the player's own parts, loaded only when opened.
const QuestionPreviewDialog = lazy(() =>
  import('../test-taking/QuestionPreviewDialog').then((module) => ({
    default: module.QuestionPreviewDialog,
  })),
);

interface WorkQuestionsProps {
  /** Whose questions: where new, imported and copied questions go. */
  target: QuestionTarget;
  /** The test's or assignment's name (the import dialog's title). */
  name: string;
  /** The questions' query (the question bank's for a test, the assignment's own). */
  query: QueryResultLike<Question> & { refetch: () => unknown };
  /** Creates (no question) or updates a question of the target. */
  onSave: (question: Question | null, payload: QuestionPayload) => Promise<unknown>;
  /** A warning over the list (a test's marks that miss its maximum). */
  warningOf?: (questions: readonly Question[]) => string | null;
}

export function WorkQuestions({ target, name, query, onSave, warningOf }: WorkQuestionsProps) {
  const dispatch = useAppDispatch();
  const [deleteQuestions] = useDeleteQuestionsMutation();
  const [copyFromPool] = useCopyFromPoolMutation();
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const { selected, toggle, drop } = useSelection();
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [picking, setPicking] = useState(false);
  const [previewing, setPreviewing] = useState<string | null>(null);

  const noun = 'testId' in target ? 'test' : 'assignment';
  const targetId = 'testId' in target ? target.testId : target.assignmentId;
  const questions = optionsOf(query, 'The questions could not be loaded.');
  const reloadQuestions = () => void query.refetch();
  const items = questions.items;
  const warning = questions.status === 'succeeded' && warningOf ? warningOf(items) : null;
  const numberOf = new Map(items.map((q, index) => [q.documentId, index + 1]));

  const deleteChosen = async (ids: readonly string[]) => {
    const report = await deleteQuestions(ids).unwrap();
    drop(report.deleted);
    const done = `${report.deleted.length} question(s) deleted.`;
    if (report.failed.length === 0) {
      dispatch(messageShown({ kind: 'success', text: done }));
    } else {
      const which = report.failed
        .map((f) => `question ${numberOf.get(f.documentId) ?? f.documentId} (${f.message})`)
        .join(', ');
      dispatch(messageShown({ kind: 'error', text: `${done} Not deleted: ${which}.` }));
    }
    // The delete leaves the tests' lists in the cache; an assignment's is read again.
    if (noun === 'assignment') reloadQuestions();
  };

  return (
    <>
      <Box
        component="section"
        aria-labelledby="questions-title"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="questions-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            Questions ({items.length})
          </Typography>
          <Button
            color="error"
            variant="outlined"
            disabled={selected.size === 0}
            onClick={() => setDeleting([...selected])}
          >
            Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
          <Button variant="outlined" onClick={() => setImporting(true)}>
            Import questions
          </Button>
          <QuestionExportMenu
            target={
              'testId' in target
                ? { kind: 'test', id: target.testId }
                : { kind: 'assignment', id: target.assignmentId }
            }
          />
          <Button variant="outlined" onClick={() => setPicking(true)}>
            Add from pool
          </Button>
          <Button variant="contained" onClick={() => setEditing('new')}>
            New question
          </Button>
        </Box>
        {warning ? <Alert severity="warning">{warning}</Alert> : null}
        {questions.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={reloadQuestions}>
                Retry
              </Button>
            }
          >
            {questions.error}
          </Alert>
        ) : null}
        {questions.status === 'loading' && items.length === 0 ? (
          <Spinner label="Loading questions" />
        ) : null}
        {questions.status === 'succeeded' && items.length === 0 ? (
          <EmptyState
            title={`This ${noun} has no questions yet`}
            description="Add questions one by one, import a file, or copy them from the pool."
          />
        ) : null}
        {items.length > 0 ? (
          <QuestionList
            questions={items}
            selected={selected}
            onToggle={toggle}
            onEdit={setEditing}
            onDelete={(question) => setDeleting([question.documentId])}
            onPreview={(question) => setPreviewing(question.documentId)}
          />
        ) : null}
      </Box>

      {editing ? (
        <QuestionFormDialog
          question={editing === 'new' ? null : editing}
          withRubric
          onClose={() => setEditing(null)}
          onSave={async (payload) => {
            // The save refreshes the questions (their tag).
            await onSave(editing === 'new' ? null : editing, payload);
            dispatch(messageShown({ kind: 'success', text: 'Question saved.' }));
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting && deleting.length > 1
            ? `Delete ${deleting.length} questions?`
            : 'Delete question?'
        }
        message={
          deleting && deleting.length === 1
            ? `Question ${numberOf.get(deleting[0] ?? '') ?? ''} will be deleted from this ${noun}.`
            : `${deleting?.length ?? 0} questions will be deleted from this ${noun}.`
        }
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await deleteChosen(deleting);
        }}
      />
      {importing ? (
        <QuestionImportDialog
          title={`Import questions into ${name}`}
          endpoint={importEndpoints[noun]}
          extraField={{ name: `${noun}Id`, value: targetId }}
          onImported={reloadQuestions}
          onClose={() => setImporting(false)}
        />
      ) : null}
      {previewing ? (
        <Suspense fallback={null}>
          <QuestionPreviewDialog
            source="work"
            documentId={previewing}
            onClose={() => setPreviewing(null)}
          />
        </Suspense>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <PoolPickerDialog
            onAdd={(questionPoolIds) => copyFromPool({ target, questionPoolIds }).unwrap()}
            onAdded={(count) =>
              // The copy refreshes the questions (their tag).
              dispatch(
                messageShown({ kind: 'success', text: `${count} questions added from the pool` }),
              )
            }
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
