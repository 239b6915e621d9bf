// /assignment (staff): every assignment, newest first, paged on the server and filtered by the
// category, sub-category and second sub-category kept for assignments (the list it shares with
// tests, test-authoring's WorkList). Create, edit, delete.
import { lazy } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { mainsPaths } from '../../lib/paths';
import { formatDateTime } from '../../lib/dates';
import { useWorkListArgs, WorkList } from '../test-authoring';
import { ASSIGNMENTS_PAGE_SIZE } from './assignmentsUrls';
import {
  assignmentsEndpoints,
  useAssignmentListQuery,
  useCloseAssignmentMutation,
  useDeleteAssignmentMutation,
  usePublishAssignmentMutation,
} from './assignmentsEndpoints';

const AssignmentFormDialog = lazy(() =>
  import('./AssignmentFormDialog').then((module) => ({ default: module.AssignmentFormDialog })),
);

export function AssignmentListView() {
  const dispatch = useAppDispatch();
  const args = useWorkListArgs('assignments');
  const list = useAssignmentListQuery(args.query);
  const [deleteAssignment] = useDeleteAssignmentMutation();
  const [publishAssignment] = usePublishAssignmentMutation();
  const [closeAssignment] = useCloseAssignmentMutation();

  // Read afresh for the form (with its relations), not kept subscribed in the cache.
  const readDetail = (documentId: string) =>
    dispatch(
      assignmentsEndpoints.endpoints.assignmentDetail.initiate(documentId, {
        subscribe: false,
        forceRefetch: true,
      }),
    ).unwrap();

  return (
    <WorkList
      noun="assignment"
      title="Assignments"
      args={args}
      list={list}
      pageSize={ASSIGNMENTS_PAGE_SIZE}
      nameOf={(assignment) => assignment.assignment_name}
      hrefOf={(assignment) => mainsPaths.assignment(assignment.documentId)}
      durationOf={(assignment) => assignment.assignment_duration}
      column={{
        header: 'Submission date',
        cell: (assignment) => formatDateTime(assignment.assignment_submission_date),
      }}
      readDetail={readDetail}
      deleteOne={(documentId) => deleteAssignment(documentId).unwrap()}
      publishOne={(documentId) => publishAssignment(documentId).unwrap()}
      closeOne={(documentId) => closeAssignment(documentId).unwrap()}
      form={({ record, onClose, onSaved }) => (
        <AssignmentFormDialog assignment={record} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
