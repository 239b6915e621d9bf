// The faculties area's calls through the one API (store/api.ts): the paged, searched list.
import { api } from '../../store/api';
import type { StrapiList } from '../../lib/strapi';
import { facultiesUrls, type Faculty, type FacultyUser } from './facultiesApi';

export const facultiesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    facultiesPage: build.query<StrapiList<Faculty>, { search: string; page: number }>({
      query: ({ search, page }) => facultiesUrls.page(search, page),
      providesTags: [{ type: 'Faculty', id: 'LIST' }],
    }),
    facultyUsers: build.query<FacultyUser[], string>({
      query: (documentId) => facultiesUrls.users(documentId),
      transformResponse: (answer: { data: FacultyUser[] }) => answer.data,
      providesTags: (_result, _error, documentId) => [{ type: 'Faculty', id: documentId }],
    }),
  }),
});

export const { useFacultiesPageQuery, useFacultyUsersQuery } = facultiesEndpoints;
