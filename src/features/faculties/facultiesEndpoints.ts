// The faculties area's calls through the one API (store/api.ts): the paged, searched list, a
// faculty member's users, create, edit and delete (their user account follows), and the subject
// search of the form.
import { api } from '../../store/api';
import { recordTags } from '../../store/tags';
import type { StrapiList } from '../../lib/strapi';
import * as requests from '../../store/recordRequests';
import {
  facultiesUrls,
  type Faculty,
  type FacultyPayload,
  type FacultyUser,
  type LinkedSubject,
} from './facultiesUrls';

const faculty = recordTags('Faculty');

export const facultiesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    facultiesPage: build.query<StrapiList<Faculty>, requests.SearchedPage>(
      requests.searchedPageQuery(facultiesUrls.page, faculty.list),
    ),
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
      query: requests.postDocument<FacultyPayload>(facultiesUrls.collection),
      transformResponse: requests.dataOf<Faculty>,
      invalidatesTags: faculty.created(),
    }),
    updateFaculty: build.mutation<Faculty, requests.DocumentUpdate<FacultyPayload>>({
      query: requests.putDocument(facultiesUrls.one),
      transformResponse: requests.dataOf<Faculty>,
      invalidatesTags: faculty.changed(requests.updatedId),
    }),
    deleteFaculty: build.mutation<null, string>({
      query: requests.deleteDocument(facultiesUrls.one),
      transformResponse: () => null,
      invalidatesTags: faculty.changed(requests.deletedId),
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
