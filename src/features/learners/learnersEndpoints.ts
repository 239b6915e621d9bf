// The learners area's calls through the one API (store/api.ts): the paged, searched list.
import { api } from '../../store/api';
import type { StrapiList } from '../../lib/strapi';
import { learnersUrls, type Learner, type LearnerQuery } from './learnersApi';

export const learnersEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    learnersPage: build.query<StrapiList<Learner>, LearnerQuery>({
      query: (query) => learnersUrls.page(query),
      providesTags: [{ type: 'Learner', id: 'LIST' }],
    }),
  }),
});

export const { useLearnersPageQuery } = learnersEndpoints;
