// The institute's settings (issue 24) through the one API: everyone reads them (signed out through
// the default token), administrators change them and send the logo and favicon. Loaded with the
// app's shell, since the sign-in page and the layout show the institute's name and look.
import { api } from '../../store/api';
import { filesRequest, type ProgressHandler } from '../../store/uploads';
import type { Institute, InstituteChanges, InstituteFileField } from './instituteTypes';

export const instituteUrls = {
  settings: '/institute',
  file: (field: InstituteFileField) => `/institute/files/${field}`,
} as const;

const INSTITUTE = [{ type: 'Institute' as const, id: 'settings' }];

export const instituteEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    institute: build.query<Institute, void>({
      query: () => instituteUrls.settings,
      transformResponse: (answer: { data: Institute }) => answer.data,
      providesTags: INSTITUTE,
    }),
    updateInstitute: build.mutation<Institute, InstituteChanges>({
      query: (data) => ({ url: instituteUrls.settings, method: 'PUT', body: { data } }),
      transformResponse: (answer: { data: Institute }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : INSTITUTE),
    }),
    setInstituteFile: build.mutation<
      Institute,
      { field: InstituteFileField; file: File; onProgress?: ProgressHandler }
    >({
      query: ({ field, file, onProgress }) =>
        filesRequest({ url: instituteUrls.file(field), files: [file], onProgress }),
      transformResponse: (answer: { data: Institute }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : INSTITUTE),
    }),
    clearInstituteFile: build.mutation<Institute, InstituteFileField>({
      query: (field) => ({ url: instituteUrls.file(field), method: 'DELETE' }),
      transformResponse: (answer: { data: Institute }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : INSTITUTE),
    }),
  }),
});

export const {
  useInstituteQuery,
  useUpdateInstituteMutation,
  useSetInstituteFileMutation,
  useClearInstituteFileMutation,
} = instituteEndpoints;
