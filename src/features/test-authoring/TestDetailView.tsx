// /testcorner/:documentId (staff): the test's details and its questions in id order, with
// create, edit, delete (one or several), import from a file and copy from the pool.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../store/hooks';
import { optionsOf } from '../../store/queryState';
import { mainsPaths, paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { FileList } from '../media';
import {
  QuestionFormDialog,
  QuestionImportDialog,
  QuestionList,
  importEndpoints,
  useCopyFromPoolMutation,
  useDeleteQuestionsMutation,
  useSaveTestQuestionMutation,
  useTestQuestionsQuery,
} from '../question-bank';
import type { Question } from '../question-bank';
import { messageShown, selectionChanged } from '../../store/uiSlice';
import { queryErrorMessage } from '../../store/api';
import { useTestDetailQuery } from './testsEndpoints';
import { categoryChain, durationText, passMarkText, validity } from './testLabels';
import type { TestDetail } from './testTypes';

const TestFormDialog = lazy(() =>
  import('./TestFormDialog').then((module) => ({ default: module.TestFormDialog })),
);
const PoolPickerDialog = lazy(() =>
  import('../question-bank/PoolPickerDialog').then((module) => ({
    default: module.PoolPickerDialog,
  })),
);

function Field({ label, children }: { label: string; children: ReactNode }) {
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

function TestDetails({ test }: { test: TestDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      {test.Description ? (
        <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {test.Description}
        </Typography>
      ) : null}
      <Box
        component="dl"
        aria-label="Test details"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
          m: 0,
        }}
      >
        <Field label="Category">{categoryChain(test)}</Field>
        <Field label="Course">{test.course?.course_name ?? '—'}</Field>
        <Field label="Duration">{durationText(test.TestDuration)}</Field>
        <Field label="Valid">{validity(test)}</Field>
        <Field label="Maximum marks">{test.MaximumMarks ?? '—'}</Field>
        <Field label="Pass mark">{passMarkText(test)}</Field>
        <Field label="Practice test">{test.enable_practice_test ? 'Enabled' : 'Disabled'}</Field>
        <Field label="Language">{test.test_language?.LanguageName ?? '—'}</Field>
        <Field label="Batch">{test.batch?.Batch ?? '—'}</Field>
        <Field label="Subjects">
          {test.subjects?.map((item) => item.SubjectName).join(', ') || '—'}
        </Field>
        <Field label="Faculties">
          {test.faculties?.map((item) => item.FacultyName).join(', ') || '—'}
        </Field>
        <Field label="Learners">{test.students?.length ?? 0}</Field>
      </Box>
      {test.instructions ? (
        <Box sx={{ mt: 2 }}>
          <Field label="Instructions">{test.instructions}</Field>
        </Box>
      ) : null}
      {test.Attachments && test.Attachments.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h2" color="text.secondary">
            Attachments
          </Typography>
          <FileList files={test.Attachments} />
        </Box>
      ) : null}
    </Paper>
  );
}

/** "The questions add up to 48 marks; the test's maximum is 50." when they differ. */
export function marksWarning(questions: readonly Question[], maximum: number | null | undefined) {
  if (maximum === null || maximum === undefined || questions.length === 0) return null;
  const sum = questions.reduce((total, q) => total + (q.points_correct_answer ?? 0), 0);
  const rounded = Math.round(sum * 100) / 100;
  if (Math.abs(rounded - maximum) < 0.005) return null;
  return `The questions add up to ${rounded} marks; the test's maximum is ${maximum}.`;
}

export function TestDetailView() {
  const { documentId = '' } = useParams();
  const dispatch = useAppDispatch();
  const detail = useTestDetailQuery(documentId);
  const questionsQuery = useTestQuestionsQuery(documentId);
  const questions = optionsOf(questionsQuery, 'The questions could not be loaded.');
  const [saveTestQuestion] = useSaveTestQuestionMutation();
  const [deleteQuestions] = useDeleteQuestionsMutation();
  const [copyFromPool] = useCopyFromPoolMutation();
  const [editingTest, setEditingTest] = useState(false);
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    dispatch(selectionChanged({ key: 'test', id: documentId }));
  }, [dispatch, documentId]);

  const reloadQuestions = () => void questionsQuery.refetch();
  const current = detail.data?.documentId === documentId ? detail.data : null;

  if (!current) {
    if (detail.isError) {
      return (
        <PageContainer title="Test">
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                Retry
              </Button>
            }
          >
            {queryErrorMessage(detail.error, 'The test could not be loaded.')}
          </Alert>
        </PageContainer>
      );
    }
    return <Spinner label="Loading the test" />;
  }

  const items = questions.items;
  const warning =
    questions.status === 'succeeded' ? marksWarning(items, current.MaximumMarks) : null;
  const toggle = (id: string) =>
    setSelected((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const numberOf = new Map(items.map((q, index) => [q.documentId, index + 1]));

  return (
    <PageContainer
      title={current.TestName}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.testCorner}>
            Back to tests
          </Button>
          {current.test_sub_category?.TestSubCategory.trim().toLowerCase() === 'mains' ? (
            <Button component={RouterLink} to={mainsPaths.results('test', documentId)}>
              Results
            </Button>
          ) : null}
          <Button variant="outlined" onClick={() => setEditingTest(true)}>
            Edit test
          </Button>
        </Stack>
      }
    >
      <TestDetails test={current} />

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
            title="This test has no questions yet"
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
          />
        ) : null}
      </Box>

      {editingTest ? (
        <Suspense fallback={null}>
          <TestFormDialog
            test={current}
            onClose={() => setEditingTest(false)}
            onSaved={() => {
              // The save refreshes this test (its tag).
              dispatch(messageShown({ kind: 'success', text: 'Test saved.' }));
            }}
          />
        </Suspense>
      ) : null}
      {editing ? (
        <QuestionFormDialog
          question={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (payload) => {
            await saveTestQuestion({
              documentId: editing === 'new' ? undefined : editing.documentId,
              testId: documentId,
              payload,
            }).unwrap();
            dispatch(messageShown({ kind: 'success', text: 'Question saved.' }));
            reloadQuestions();
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
            ? `Question ${numberOf.get(deleting[0] ?? '') ?? ''} will be deleted from this test.`
            : `${deleting?.length ?? 0} questions will be deleted from this test.`
        }
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const report = await deleteQuestions(deleting).unwrap();
          setSelected((set) => {
            const next = new Set(set);
            for (const id of report.deleted) next.delete(id);
            return next;
          });
          const done = `${report.deleted.length} question(s) deleted.`;
          if (report.failed.length === 0) {
            dispatch(messageShown({ kind: 'success', text: done }));
          } else {
            const which = report.failed
              .map((f) => `question ${numberOf.get(f.documentId) ?? f.documentId} (${f.message})`)
              .join(', ');
            dispatch(messageShown({ kind: 'error', text: `${done} Not deleted: ${which}.` }));
          }
        }}
      />
      {importing ? (
        <QuestionImportDialog
          title={`Import questions into ${current.TestName}`}
          endpoint={importEndpoints.test}
          extraField={{ name: 'testId', value: documentId }}
          onImported={reloadQuestions}
          onClose={() => setImporting(false)}
        />
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <PoolPickerDialog
            onAdd={(questionPoolIds) =>
              copyFromPool({ target: { testId: documentId }, questionPoolIds }).unwrap()
            }
            onAdded={(count) => {
              dispatch(
                messageShown({ kind: 'success', text: `${count} questions added from the pool` }),
              );
              reloadQuestions();
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
