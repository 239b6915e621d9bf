// The batches area's calls through the one API (store/api.ts): the paged, searched list.
import { api } from '../../store/api';
import type { StrapiList } from '../../lib/strapi';
import { batchesUrls, type BatchRow } from './batchesApi';

export const batchesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    batchesPage: build.query<StrapiList<BatchRow>, { search: string; page: number }>({
      query: ({ search, page }) => batchesUrls.page(search, page),
      providesTags: [{ type: 'Batch', id: 'LIST' }],
    }),
  }),
});

export const { useBatchesPageQuery } = batchesEndpoints;
