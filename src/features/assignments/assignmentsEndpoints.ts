// The assignment area's calls through the one API (store/api.ts): the list, save and delete.
import { api } from '../../store/api';
import { fetchAllPages } from '../../lib/bounded';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import { mapQuestion, PARALLEL_CALLS } from '../questions';
import type { QueryError } from '../../store/api';
import { assignmentsUrls, mapAssignment, type AssignmentListQuery } from './assignmentsApi';
import type { Assignment, AssignmentDetail, AssignmentPayload } from './assignmentTypes';
import type { Question } from '../questions';

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
    assignmentDetail: build.query<AssignmentDetail, string>({
      query: (documentId) => assignmentsUrls.detail(documentId),
      transformResponse: (answer: StrapiOne<AssignmentDetail>) => mapAssignment(answer.data),
      providesTags: (_result, _error, documentId) => [{ type: 'Assignment', id: documentId }],
    }),
    /** Every question of an assignment, newest first (every page, a few at a time). */
    assignmentQuestions: build.query<Question[], string>({
      async queryFn(assignmentId, _api, _extra, baseQuery) {
        try {
          const data = await fetchAllPages(async (page) => {
            const answer = await baseQuery(assignmentsUrls.questions(assignmentId, page));
            if (answer.error) throw answer.error;
            const list = answer.data as StrapiList<Question>;
            return { ...list, data: list.data.map(mapQuestion) };
          }, PARALLEL_CALLS);
          return { data };
        } catch (error: unknown) {
          return { error: error as QueryError };
        }
      },
      providesTags: (_result, _error, assignmentId) => [
        { type: 'Question', id: `assignment:${assignmentId}` },
      ],
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

export const {
  useAssignmentListQuery,
  useAssignmentDetailQuery,
  useAssignmentQuestionsQuery,
  useSaveAssignmentMutation,
  useDeleteAssignmentMutation,
} = assignmentsEndpoints;
