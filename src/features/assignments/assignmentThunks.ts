// Loading the assignment list into the (always present) assignments slice, and the list's
// actions. Kept apart from the slice so the first download carries only the slice's shape.
import type { AppDispatch } from '../../store/store';
import { errorMessage } from '../../lib/strapi';
import {
  deleteAssignment,
  getAssignmentsPage,
  postAssignment,
  putAssignment,
  type AssignmentListQuery,
} from './assignmentsApi';
import {
  assignmentRemoved,
  assignmentSaved,
  assignmentsLoadFailed,
  assignmentsLoadStarted,
  assignmentsPageReceived,
} from './assignmentsSlice';
import type { Assignment, AssignmentPayload } from './assignmentTypes';

let latestRequest = 0;

/** One page of assignments; an answer that arrives after a newer request started is dropped. */
export function fetchAssignments(query: AssignmentListQuery) {
  return async (dispatch: AppDispatch): Promise<void> => {
    const request = ++latestRequest;
    dispatch(assignmentsLoadStarted());
    try {
      const answer = await getAssignmentsPage(query);
      if (request !== latestRequest) return;
      dispatch(
        assignmentsPageReceived({
          items: answer.data,
          pagination: answer.meta.pagination ?? null,
        }),
      );
    } catch (error) {
      if (request !== latestRequest) return;
      dispatch(assignmentsLoadFailed(errorMessage(error, 'The assignments could not be loaded.')));
    }
  };
}

/** Creates or updates an assignment; rejects with the server's message. */
export function saveAssignment(documentId: string | undefined, payload: AssignmentPayload) {
  return async (dispatch: AppDispatch): Promise<Assignment> => {
    const saved = documentId
      ? await putAssignment(documentId, payload)
      : await postAssignment(payload);
    dispatch(assignmentSaved(saved));
    return saved;
  };
}

/** Deletes an assignment; rejects with the server's message. */
export function removeAssignment(documentId: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    await deleteAssignment(documentId);
    dispatch(assignmentRemoved(documentId));
  };
}
