// The batches area's calls through the one API (store/api.ts): the paged, searched list.
import { api } from '../../store/api';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import { batchesUrls, type BatchMember, type BatchRow } from './batchesApi';

export const batchesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    batchesPage: build.query<StrapiList<BatchRow>, { search: string; page: number }>({
      query: ({ search, page }) => batchesUrls.page(search, page),
      providesTags: [{ type: 'Batch', id: 'LIST' }],
    }),
    batchMembers: build.query<BatchMember[], string>({
      query: (documentId) => batchesUrls.members(documentId),
      transformResponse: (answer: StrapiOne<{ students?: BatchMember[] | null }>) =>
        answer.data.students ?? [],
      providesTags: (_result, _error, documentId) => [{ type: 'Batch', id: documentId }],
    }),
  }),
});

export const { useBatchesPageQuery, useBatchMembersQuery } = batchesEndpoints;
