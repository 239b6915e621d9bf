// The learners area's calls through the one API (store/api.ts): the paged, searched list, create,
// edit and delete. The export downloads through store/downloads.ts with `learnersUrls.export`.
import { api } from '../../store/api';
import { recordTags } from '../../store/tags';
import type { StrapiList } from '../../lib/strapi';
import * as requests from '../../store/recordRequests';
import { learnersUrls, type Learner, type LearnerPayload, type LearnerQuery } from './learnersUrls';

const learners = recordTags('Learner');

export const learnersEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    learnersPage: build.query<StrapiList<Learner>, LearnerQuery>({
      query: (query) => learnersUrls.page(query),
      providesTags: learners.list,
    }),
    createLearner: build.mutation<Learner, LearnerPayload>({
      query: requests.postDocument<LearnerPayload>(learnersUrls.create),
      transformResponse: requests.dataOf<Learner>,
      // The learner's batches list them.
      invalidatesTags: learners.created([{ type: 'Batch', id: 'LIST' }]),
    }),
    updateLearner: build.mutation<Learner, requests.DocumentUpdate<LearnerPayload>>({
      query: requests.putDocument(learnersUrls.one),
      transformResponse: requests.dataOf<Learner>,
      invalidatesTags: learners.changed(requests.updatedId, [{ type: 'Batch', id: 'LIST' }]),
    }),
    /** Deletes learners (and their user accounts); answers the server's message. */
    deleteLearners: build.mutation<string, string[]>({
      query: (documentIds) => ({ url: learnersUrls.remove, method: 'POST', body: { documentIds } }),
      transformResponse: (answer: { message?: string }) =>
        answer.message || 'Deleted learner(s) successfully',
      invalidatesTags: learners.changed(
        (documentIds: string[]) => documentIds,
        [{ type: 'Batch', id: 'LIST' }],
      ),
    }),
  }),
});

export const {
  useLearnersPageQuery,
  useCreateLearnerMutation,
  useUpdateLearnerMutation,
  useDeleteLearnersMutation,
} = learnersEndpoints;
