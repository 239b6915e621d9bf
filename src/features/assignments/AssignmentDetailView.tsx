// /assignment/:documentId (staff): the assignment's details and attachments, its questions
// newest first (create, edit, delete one or several, import a file, copy from the pool: the
// questions section of a test's page), and a link to its results.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../store/hooks';
import { mainsPaths, paths } from '../../lib/paths';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { useUpdateQuestionMutation } from '../question-bank';
import {
  categoryChain,
  DetailField as Field,
  durationText,
  WorkDetails,
  WorkLoading,
  WorkQuestions,
} from '../test-authoring';
import { messageShown, selectionChanged } from '../../store/uiSlice';
import {
  useAssignmentDetailQuery,
  useAssignmentQuestionsQuery,
  useCreateAssignmentQuestionMutation,
} from './assignmentsEndpoints';
import type { AssignmentDetail } from './assignmentTypes';

const AssignmentFormDialog = lazy(() =>
  import('./AssignmentFormDialog').then((module) => ({ default: module.AssignmentFormDialog })),
);

function AssignmentDetails({ assignment }: { assignment: AssignmentDetail }) {
  return (
    <WorkDetails
      label="Assignment details"
      description={assignment.assignment_description}
      attachments={assignment.Attachments}
    >
      <Field label="Category">{categoryChain(assignment)}</Field>
      <Field label="Course">{assignment.course?.course_name ?? '—'}</Field>
      <Field label="Duration">{durationText(assignment.assignment_duration)}</Field>
      <Field label="Submission date">{formatDateTime(assignment.assignment_submission_date)}</Field>
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
    </WorkDetails>
  );
}

export function AssignmentDetailView() {
  const { documentId = '' } = useParams();
  const dispatch = useAppDispatch();
  const [editingAssignment, setEditingAssignment] = useState(false);

  useEffect(() => {
    dispatch(selectionChanged({ key: 'assignment', id: documentId }));
  }, [dispatch, documentId]);
  const detail = useAssignmentDetailQuery(documentId);
  const questionsQuery = useAssignmentQuestionsQuery(documentId);
  const [createQuestion] = useCreateAssignmentQuestionMutation();
  const [updateQuestion] = useUpdateQuestionMutation();

  const current = detail.data?.documentId === documentId ? detail.data : null;
  if (!current) return <WorkLoading noun="assignment" query={detail} />;

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
      <WorkQuestions
        target={{ assignmentId: documentId }}
        name={current.assignment_name}
        query={questionsQuery}
        onSave={(question, payload) =>
          question
            ? updateQuestion({ documentId: question.documentId, payload }).unwrap()
            : createQuestion({ assignmentId: documentId, payload }).unwrap()
        }
      />
      {editingAssignment ? (
        <Suspense fallback={null}>
          <AssignmentFormDialog
            assignment={current}
            onClose={() => setEditingAssignment(false)}
            onSaved={() => {
              dispatch(messageShown({ kind: 'success', text: 'Assignment saved.' }));
              void detail.refetch();
            }}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
