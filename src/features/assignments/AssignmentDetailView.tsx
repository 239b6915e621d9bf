// /assignment/:documentId (staff): the assignment's details and attachments, its questions
// newest first (create, edit, delete one or several, import a file, copy from the pool), and a
// link to its results.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../store/hooks';
import { mainsPaths, paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { queryErrorMessage } from '../../store/api';
import { optionsOf } from '../../store/queryState';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { FileList } from '../media';
import {
  QuestionFormDialog,
  QuestionImportDialog,
  QuestionList,
  importEndpoints,
  useCopyFromPoolMutation,
  useDeleteQuestionsMutation,
  useUpdateQuestionMutation,
} from '../question-bank';
import type { Question } from '../question-bank';
import { messageShown, selectionChanged } from '../../store/uiSlice';
import { assignmentCategoryChain, minutesText } from './assignmentLabels';
import {
  useAssignmentDetailQuery,
  useAssignmentQuestionsQuery,
  useCreateAssignmentQuestionMutation,
} from './assignmentsEndpoints';
import type { AssignmentDetail } from './assignmentTypes';

const AssignmentFormDialog = lazy(() =>
  import('./AssignmentFormDialog').then((module) => ({ default: module.AssignmentFormDialog })),
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

function AssignmentDetails({ assignment }: { assignment: AssignmentDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      {assignment.assignment_description ? (
        <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {assignment.assignment_description}
        </Typography>
      ) : null}
      <Box
        component="dl"
        aria-label="Assignment details"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
          m: 0,
        }}
      >
        <Field label="Category">{assignmentCategoryChain(assignment)}</Field>
        <Field label="Course">{assignment.course?.course_name ?? '—'}</Field>
        <Field label="Duration">{minutesText(assignment.assignment_duration)}</Field>
        <Field label="Submission date">
          {formatDateTime(assignment.assignment_submission_date)}
        </Field>
        <Field label="Maximum marks">{assignment.MaximumMarks ?? '—'}</Field>
        <Field label="Attempted">{assignment.is_attempted ? 'Yes' : 'Not yet'}</Field>
        <Field label="Language">{assignment.test_language?.LanguageName ?? '—'}</Field>
        <Field label="Batch">{assignment.batch?.Batch ?? '—'}</Field>
        <Field label="Subjects">
          {assignment.subjects?.map((item) => item.SubjectName).join(', ') || '—'}
        </Field>
        <Field label="Faculties">
          {assignment.faculties?.map((item) => item.FacultyName).join(', ') || '—'}
        </Field>
        <Field label="Learners">{assignment.students?.length ?? 0}</Field>
      </Box>
      {assignment.Attachments && assignment.Attachments.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h2" color="text.secondary">
            Attachments
          </Typography>
          <FileList files={assignment.Attachments} />
        </Box>
      ) : null}
    </Paper>
  );
}

export function AssignmentDetailView() {
  const { documentId = '' } = useParams();
  const dispatch = useAppDispatch();
  const [editingAssignment, setEditingAssignment] = useState(false);
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    dispatch(selectionChanged({ key: 'assignment', id: documentId }));
  }, [dispatch, documentId]);
  const detail = useAssignmentDetailQuery(documentId);
  const questionsQuery = useAssignmentQuestionsQuery(documentId);
  const assignment = detail.data;
  const loadError = detail.isError
    ? queryErrorMessage(detail.error, 'The assignment could not be loaded.')
    : null;
  const questions = optionsOf(questionsQuery, 'The questions could not be loaded.');
  const [createQuestion] = useCreateAssignmentQuestionMutation();
  const [updateQuestion] = useUpdateQuestionMutation();
  const [deleteQuestions] = useDeleteQuestionsMutation();
  const [copyFromPool] = useCopyFromPoolMutation();

  const { refetch: refetchQuestions } = questionsQuery;
  const reloadQuestions = useCallback(() => void refetchQuestions(), [refetchQuestions]);
  const reloadDetail = () => void detail.refetch();
  const current = assignment?.documentId === documentId ? assignment : null;

  if (!current) {
    if (loadError) {
      return (
        <PageContainer title="Assignment">
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={reloadDetail}>
                Retry
              </Button>
            }
          >
            {loadError}
          </Alert>
        </PageContainer>
      );
    }
    return <Spinner label="Loading the assignment" />;
  }

  const items = questions.items;
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
      title={current.assignment_name}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.assignment}>
            Back to assignments
          </Button>
          <Button component={RouterLink} to={mainsPaths.results('assignment', documentId)}>
            Results
          </Button>
          <Button variant="outlined" onClick={() => setEditingAssignment(true)}>
            Edit assignment
          </Button>
        </Stack>
      }
    >
      <AssignmentDetails assignment={current} />

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
            title="This assignment has no questions yet"
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

      {editingAssignment ? (
        <Suspense fallback={null}>
          <AssignmentFormDialog
            assignment={current}
            onClose={() => setEditingAssignment(false)}
            onSaved={() => {
              dispatch(messageShown({ kind: 'success', text: 'Assignment saved.' }));
              reloadDetail();
            }}
          />
        </Suspense>
      ) : null}
      {editing ? (
        <QuestionFormDialog
          question={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (payload) => {
            if (editing === 'new') {
              await createQuestion({ assignmentId: documentId, payload }).unwrap();
            } else {
              await updateQuestion({ documentId: editing.documentId, payload }).unwrap();
            }
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
            ? `Question ${numberOf.get(deleting[0] ?? '') ?? ''} will be deleted from this assignment.`
            : `${deleting?.length ?? 0} questions will be deleted from this assignment.`
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
          // The delete leaves the tests' lists in the cache; an assignment's is read again.
          reloadQuestions();
        }}
      />
      {importing ? (
        <QuestionImportDialog
          title={`Import questions into ${current.assignment_name}`}
          endpoint={importEndpoints.assignment}
          extraField={{ name: 'assignmentId', value: documentId }}
          onImported={reloadQuestions}
          onClose={() => setImporting(false)}
        />
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <PoolPickerDialog
            onAdd={(questionPoolIds) =>
              copyFromPool({ target: { assignmentId: documentId }, questionPoolIds }).unwrap()
            }
            onAdded={(count) =>
              dispatch(
                messageShown({ kind: 'success', text: `${count} questions added from the pool` }),
              )
            }
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
