// The batches area's calls through the one API (store/api.ts): the paged list, a batch's members,
// the pickers' searches, create/edit/delete, and learners added, moved and removed. Membership
// writes refresh the batch lists and the learner lists (a learner's batches show there).
import { api, type QueryError } from '../../store/api';
import { recordTags } from '../../store/tags';
import * as requests from '../../store/recordRequests';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import {
  BATCH_CHOICES_SIZE,
  batchesUrls,
  type BatchMember,
  type BatchPayload,
  type BatchRow,
  type FacultyOption,
} from './batchesUrls';

/** Learners written to one batch (its whole list, or the ones added). */
export interface BatchLearners {
  documentId: string;
  studentIds: string[];
}

export interface LearnersMove {
  fromBatchId: string;
  toBatchId: string;
  studentIds: string[];
}

export interface LearnersRemoval {
  batchId: string;
  studentIds: string[];
}

const batch = recordTags('Batch');
const learners = recordTags('Learner');
const listOf = <T>(answer: StrapiList<T>) => answer.data;
const membersOf = (answer: StrapiOne<{ students?: BatchMember[] | null }>) =>
  answer.data.students ?? [];

export const batchesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    batchesPage: build.query<StrapiList<BatchRow>, requests.SearchedPage>(
      requests.searchedPageQuery(batchesUrls.page, batch.list),
    ),
    /** The batches offered by a batch select (the newest first). */
    batchChoices: build.query<BatchRow[], void>({
      query: () => batchesUrls.page('', 1, BATCH_CHOICES_SIZE),
      transformResponse: listOf<BatchRow>,
      providesTags: batch.list,
    }),
    batchSearch: build.query<BatchRow[], string>({
      query: (name) => batchesUrls.page(name, 1, 25),
      transformResponse: listOf<BatchRow>,
      providesTags: batch.list,
    }),
    batchMembers: build.query<BatchMember[], string>({
      query: (documentId) => batchesUrls.members(documentId),
      transformResponse: membersOf,
      providesTags: (_result, _error, documentId) => [{ type: 'Batch', id: documentId }],
    }),
    /** Faculty found by name (the batch form's picker). */
    batchFacultySearch: build.query<FacultyOption[], string>({
      query: (name) => batchesUrls.facultySearch(name),
      transformResponse: listOf<FacultyOption>,
      providesTags: [{ type: 'Faculty', id: 'LIST' }],
    }),
    /** Learners found by name, email or roll number (the members picker). */
    batchLearnerSearch: build.query<BatchMember[], string>({
      query: (name) => batchesUrls.learnerSearch(name),
      transformResponse: listOf<BatchMember>,
      providesTags: learners.list,
    }),
    createBatch: build.mutation<null, BatchPayload>({
      query: requests.postDocument<BatchPayload>(batchesUrls.collection, true),
      transformResponse: () => null,
      invalidatesTags: batch.created(),
    }),
    updateBatch: build.mutation<null, requests.DocumentUpdate<BatchPayload>>({
      query: requests.putDocument(batchesUrls.one, true),
      transformResponse: () => null,
      invalidatesTags: batch.changed(requests.updatedId),
    }),
    deleteBatch: build.mutation<null, string>({
      query: requests.deleteDocument(batchesUrls.one),
      transformResponse: () => null,
      invalidatesTags: batch.changed(requests.deletedId, learners.list),
    }),
    /** Replaces a batch's learners by this list. */
    saveBatchMembers: build.mutation<null, BatchLearners>({
      query: ({ documentId, studentIds }) => ({
        url: batchesUrls.one(documentId),
        method: 'PUT',
        body: { data: { students: studentIds } },
      }),
      transformResponse: () => null,
      invalidatesTags: batch.changed(({ documentId }: BatchLearners) => documentId, learners.list),
    }),
    /** Adds learners to a batch: its current members are read first, then the union is saved. */
    addToBatch: build.mutation<number, BatchLearners>({
      async queryFn({ documentId, studentIds }, _api, _extra, baseQuery) {
        const read = await baseQuery(batchesUrls.members(documentId));
        if (read.error) return { error: read.error as QueryError };
        const current = membersOf(read.data as StrapiOne<{ students?: BatchMember[] | null }>).map(
          (member) => member.documentId,
        );
        const next = [...current, ...studentIds.filter((id) => !current.includes(id))];
        const saved = await baseQuery({
          url: batchesUrls.one(documentId),
          method: 'PUT',
          body: { data: { students: next } },
        });
        if (saved.error) return { error: saved.error as QueryError };
        return { data: next.length - current.length };
      },
      invalidatesTags: batch.changed(({ documentId }: BatchLearners) => documentId, learners.list),
    }),
    moveLearners: build.mutation<number, LearnersMove>({
      query: (body) => ({ url: batchesUrls.move, method: 'POST', body }),
      transformResponse: (answer: { data: { moved: number } }) => answer.data.moved,
      invalidatesTags: batch.changed(
        ({ fromBatchId, toBatchId }: LearnersMove) => [fromBatchId, toBatchId],
        learners.list,
      ),
    }),
    removeLearners: build.mutation<number, LearnersRemoval>({
      query: (body) => ({ url: batchesUrls.remove, method: 'POST', body }),
      transformResponse: (answer: { data: { removed: number } }) => answer.data.removed,
      invalidatesTags: batch.changed(({ batchId }: LearnersRemoval) => batchId, learners.list),
    }),
  }),
});

export const {
  useBatchesPageQuery,
  useBatchMembersQuery,
  useCreateBatchMutation,
  useUpdateBatchMutation,
  useDeleteBatchMutation,
  useSaveBatchMembersMutation,
  useAddToBatchMutation,
  useMoveLearnersMutation,
  useRemoveLearnersMutation,
  useBatchChoicesQuery,
  useBatchSearchQuery,
  useBatchFacultySearchQuery,
  useBatchLearnerSearchQuery,
} = batchesEndpoints;
