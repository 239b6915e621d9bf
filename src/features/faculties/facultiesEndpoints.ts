// The faculties area's calls through the one API (store/api.ts): the paged, searched list, a
// faculty member's users, create, edit and delete (their user account follows), and the subject
// search of the form.
import { api } from '../../store/api';
import { recordTags } from '../../store/tags';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import {
  facultiesUrls,
  type Faculty,
  type FacultyPayload,
  type FacultyUser,
  type LinkedSubject,
} from './facultiesUrls';

export interface FacultyUpdate {
  documentId: string;
  payload: FacultyPayload;
}

const faculty = recordTags('Faculty');
const facultyOf = (answer: StrapiOne<Faculty>) => answer.data;

export const facultiesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    facultiesPage: build.query<StrapiList<Faculty>, { search: string; page: number }>({
      query: ({ search, page }) => facultiesUrls.page(search, page),
      providesTags: faculty.list,
    }),
    facultyUsers: build.query<FacultyUser[], string>({
      query: (documentId) => facultiesUrls.users(documentId),
      transformResponse: (answer: { data: FacultyUser[] }) => answer.data,
      providesTags: (_result, _error, documentId) => [{ type: 'Faculty', id: documentId }],
    }),
    facultySubjectSearch: build.query<LinkedSubject[], string>({
      query: (name) => facultiesUrls.subjectSearch(name),
      transformResponse: (answer: StrapiList<LinkedSubject>) => answer.data,
      providesTags: [{ type: 'Subject', id: 'LIST' }],
    }),
    createFaculty: build.mutation<Faculty, FacultyPayload>({
      query: (payload) => ({ url: facultiesUrls.collection, method: 'POST', body: payload }),
      transformResponse: facultyOf,
      invalidatesTags: faculty.created(),
    }),
    updateFaculty: build.mutation<Faculty, FacultyUpdate>({
      query: ({ documentId, payload }) => ({
        url: facultiesUrls.one(documentId),
        method: 'PUT',
        body: payload,
      }),
      transformResponse: facultyOf,
      invalidatesTags: faculty.changed(({ documentId }: FacultyUpdate) => documentId),
    }),
    deleteFaculty: build.mutation<null, string>({
      query: (documentId) => ({ url: facultiesUrls.one(documentId), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: faculty.changed((documentId: string) => documentId),
    }),
  }),
});

export const {
  useFacultiesPageQuery,
  useFacultyUsersQuery,
  useCreateFacultyMutation,
  useUpdateFacultyMutation,
  useDeleteFacultyMutation,
  useFacultySubjectSearchQuery,
} = facultiesEndpoints;
