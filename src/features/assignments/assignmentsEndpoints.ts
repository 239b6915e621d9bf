// The assignment area's calls through the one API (store/api.ts): the list, one assignment and
// its questions, save and delete, and a new question of the assignment. The other writes of its
// questions (edit, delete, copy from the pool, import) are the question bank's endpoints.
import { api } from '../../store/api';
import { fetchAllPages } from '../../lib/bounded';
import { toNumber, type StrapiList, type StrapiOne } from '../../lib/strapi';
import { mapQuestion, PARALLEL_CALLS } from '../question-bank';
import type { QueryError } from '../../store/api';
import { assignmentsUrls } from './assignmentsUrls';
import type { Assignment, AssignmentDetail, AssignmentPayload } from './assignmentTypes';
import type { Question, QuestionPayload } from '../question-bank';
import type { WorkListQuery } from '../test-authoring';

const ASSIGNMENT_LIST = { type: 'Assignment', id: 'LIST' } as const;
/** An assignment's questions (the question bank's copy from the pool uses the same tag). */
const questionsTag = (assignmentId: string) => ({
  type: 'Question' as const,
  id: `assignment:${assignmentId}`,
});

// Numbers in one place: decimals may arrive as strings.
export function mapAssignment<T extends Assignment>(raw: T): T {
  return {
    ...raw,
    assignment_duration: toNumber(raw.assignment_duration),
    MaximumMarks: toNumber(raw.MaximumMarks),
  };
}

export const assignmentsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    assignmentList: build.query<StrapiList<Assignment>, WorkListQuery>({
      query: assignmentsUrls.list,
      transformResponse: (answer: StrapiList<Assignment>) => ({
        ...answer,
        data: answer.data.map(mapAssignment),
      }),
      providesTags: [ASSIGNMENT_LIST],
    }),
    assignmentDetail: build.query<AssignmentDetail, string>({
      query: assignmentsUrls.detail,
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
      providesTags: (_result, _error, assignmentId) => [questionsTag(assignmentId)],
    }),
    /** A new question of the assignment. */
    createAssignmentQuestion: build.mutation<
      Question,
      { assignmentId: string; payload: QuestionPayload }
    >({
      query: ({ assignmentId, payload }) => ({
        url: assignmentsUrls.question,
        method: 'POST',
        body: { data: { ...payload, assignment: assignmentId } },
      }),
      transformResponse: (answer: StrapiOne<Question>) => mapQuestion(answer.data),
      invalidatesTags: (_question, error, { assignmentId }) =>
        error ? [] : [questionsTag(assignmentId)],
    }),
    /** Creates (no documentId) or updates an assignment. */
    saveAssignment: build.mutation<Assignment, { documentId?: string; payload: AssignmentPayload }>(
      {
        query: ({ documentId, payload }) => assignmentsUrls.save(documentId, payload),
        transformResponse: (answer: StrapiOne<Assignment>) => mapAssignment(answer.data),
        // An update refreshes the assignment's page too.
        invalidatesTags: (_result, _error, { documentId }) =>
          documentId
            ? [ASSIGNMENT_LIST, { type: 'Assignment', id: documentId }]
            : [ASSIGNMENT_LIST],
      },
    ),
    deleteAssignment: build.mutation<null, string>({
      query: assignmentsUrls.remove,
      transformResponse: () => null,
      invalidatesTags: [ASSIGNMENT_LIST],
    }),
    /** Publishes a draft (issue 23); a 400 names what it still needs. */
    publishAssignment: build.mutation<Assignment, string>({
      query: assignmentsUrls.publish,
      transformResponse: (answer: StrapiOne<Assignment>) => mapAssignment(answer.data),
      invalidatesTags: (_result, _error, documentId) => [
        ASSIGNMENT_LIST,
        { type: 'Assignment', id: documentId },
      ],
    }),
    /** Ends an assignment's submissions now (issue 23). */
    closeAssignment: build.mutation<Assignment, string>({
      query: assignmentsUrls.close,
      transformResponse: (answer: StrapiOne<Assignment>) => mapAssignment(answer.data),
      invalidatesTags: (_result, _error, documentId) => [
        ASSIGNMENT_LIST,
        { type: 'Assignment', id: documentId },
      ],
    }),
  }),
});

export const {
  useAssignmentListQuery,
  useAssignmentDetailQuery,
  useAssignmentQuestionsQuery,
  useCreateAssignmentQuestionMutation,
  useSaveAssignmentMutation,
  useDeleteAssignmentMutation,
  usePublishAssignmentMutation,
  useCloseAssignmentMutation,
} = assignmentsEndpoints;
