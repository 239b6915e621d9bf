// The assignment area's calls through the one API (store/api.ts): the list, save and delete.
import { api } from '../../store/api';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import { assignmentsUrls, mapAssignment, type AssignmentListQuery } from './assignmentsApi';
import type { Assignment, AssignmentPayload } from './assignmentTypes';

const ASSIGNMENT_LIST = { type: 'Assignment', id: 'LIST' } as const;

export const assignmentsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    assignmentList: build.query<StrapiList<Assignment>, AssignmentListQuery>({
      query: (query) => assignmentsUrls.list(query),
      transformResponse: (answer: StrapiList<Assignment>) => ({
        ...answer,
        data: answer.data.map(mapAssignment),
      }),
      providesTags: [ASSIGNMENT_LIST],
    }),
    /** Creates (no documentId) or updates an assignment. */
    saveAssignment: build.mutation<Assignment, { documentId?: string; payload: AssignmentPayload }>(
      {
        query: ({ documentId, payload }) =>
          documentId
            ? {
                url: assignmentsUrls.assignment(documentId),
                method: 'PUT',
                body: { data: payload },
              }
            : { url: assignmentsUrls.assignments, method: 'POST', body: { data: payload } },
        transformResponse: (answer: StrapiOne<Assignment>) => mapAssignment(answer.data),
        invalidatesTags: [ASSIGNMENT_LIST],
      },
    ),
    deleteAssignment: build.mutation<null, string>({
      query: (documentId) => ({ url: assignmentsUrls.assignment(documentId), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: [ASSIGNMENT_LIST],
    }),
  }),
});

export const { useAssignmentListQuery, useSaveAssignmentMutation, useDeleteAssignmentMutation } =
  assignmentsEndpoints;
