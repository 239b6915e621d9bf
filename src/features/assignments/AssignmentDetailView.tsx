// /assignment/:documentId (staff): the assignment's details and attachments, its questions
// newest first (create, edit, delete one or several, import a file, copy from the pool), and a
// link to its results, in the frame of a test's page (test-authoring's WorkPage).
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { mainsPaths, paths } from '../../lib/paths';
import { formatDateTime } from '../../lib/dates';
import { useUpdateQuestionMutation } from '../question-bank';
import { DetailField as Field, WorkDetails, WorkPage, WorkQuestions } from '../test-authoring';
import {
  useAssignmentDetailQuery,
  useAssignmentQuestionsQuery,
  useCloseAssignmentMutation,
  useCreateAssignmentQuestionMutation,
  usePublishAssignmentMutation,
} from './assignmentsEndpoints';
import type { AssignmentDetail } from './assignmentTypes';

const AssignmentFormDialog = lazy(() =>
  import('./AssignmentFormDialog').then((module) => ({ default: module.AssignmentFormDialog })),
);

function AssignmentDetails({ assignment }: { assignment: AssignmentDetail }) {
  return (
    <WorkDetails
      label="Assignment details"
      record={assignment}
      description={assignment.assignment_description}
      duration={assignment.assignment_duration}
      afterDuration={
        <Field label="Submission date">
          {formatDateTime(assignment.assignment_submission_date)}
        </Field>
      }
      afterMarks={<Field label="Attempted">{assignment.is_attempted ? 'Yes' : 'Not yet'}</Field>}
    />
  );
}

export function AssignmentDetailView() {
  const { documentId = '' } = useParams();
  const detail = useAssignmentDetailQuery(documentId);
  const questionsQuery = useAssignmentQuestionsQuery(documentId);
  const [createQuestion] = useCreateAssignmentQuestionMutation();
  const [updateQuestion] = useUpdateQuestionMutation();
  const [publishAssignment] = usePublishAssignmentMutation();
  const [closeAssignment] = useCloseAssignmentMutation();

  return (
    <WorkPage
      noun="assignment"
      documentId={documentId}
      detail={detail}
      lifecycle={{
        publish: () => publishAssignment(documentId).unwrap(),
        close: () => closeAssignment(documentId).unwrap(),
      }}
      nameOf={(assignment) => assignment.assignment_name}
      backTo={paths.assignment}
      resultsTo={() => mainsPaths.results('assignment', documentId)}
      details={(assignment) => <AssignmentDetails assignment={assignment} />}
      questions={(assignment) => (
        <WorkQuestions
          target={{ assignmentId: documentId }}
          name={assignment.assignment_name}
          query={questionsQuery}
          onSave={(question, payload) =>
            question
              ? updateQuestion({ documentId: question.documentId, payload }).unwrap()
              : createQuestion({ assignmentId: documentId, payload }).unwrap()
          }
        />
      )}
      form={(assignment, onClose, onSaved) => (
        <AssignmentFormDialog assignment={assignment} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
