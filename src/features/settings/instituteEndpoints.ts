// The institute's settings (issue 24) through the one API: everyone reads them (signed out through
// the default token), administrators change them and send the logo and favicon. Loaded with the
// app's shell, since the sign-in page and the layout show the institute's name and look.
import { api } from '../../store/api';
import { filesRequest, type ProgressHandler } from '../../store/uploads';
import {
  instituteUrls,
  type Institute,
  type InstituteChanges,
  type InstituteFileField,
} from './instituteTypes';
import { instituteLoaded } from './instituteSlice';

const INSTITUTE = [{ type: 'Institute' as const, id: 'settings' }];

/** Every answer with the settings is handed to the look the whole app shows (instituteSlice.ts). */
async function showAnswer(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Institute }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(instituteLoaded(data));
  } catch {
    // The call's error is the screen's to show.
  }
}

export const instituteEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    institute: build.query<Institute, void>({
      query: () => instituteUrls.settings,
      transformResponse: (answer: { data: Institute }) => answer.data,
      providesTags: INSTITUTE,
      onQueryStarted: showAnswer,
    }),
    updateInstitute: build.mutation<Institute, InstituteChanges>({
      query: (data) => ({ url: instituteUrls.settings, method: 'PUT', body: { data } }),
      transformResponse: (answer: { data: Institute }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : INSTITUTE),
      onQueryStarted: showAnswer,
    }),
    setInstituteFile: build.mutation<
      Institute,
      { field: InstituteFileField; file: File; onProgress?: ProgressHandler }
    >({
      query: ({ field, file, onProgress }) =>
        filesRequest({ url: instituteUrls.file(field), files: [file], onProgress }),
      transformResponse: (answer: { data: Institute }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : INSTITUTE),
      onQueryStarted: showAnswer,
    }),
    clearInstituteFile: build.mutation<Institute, InstituteFileField>({
      query: (field) => ({ url: instituteUrls.file(field), method: 'DELETE' }),
      transformResponse: (answer: { data: Institute }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : INSTITUTE),
      onQueryStarted: showAnswer,
    }),
  }),
});

export const {
  useInstituteQuery,
  useUpdateInstituteMutation,
  useSetInstituteFileMutation,
  useClearInstituteFileMutation,
} = instituteEndpoints;
