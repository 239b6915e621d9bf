// A person's own profile (issue 24): name, mobile number, avatar and the language of the
// translated screens, and the time zone dates are shown in.
import { api } from '../../store/api';
import type { Language } from '../../lib/i18n';
import { filesRequest, type ProgressHandler } from '../../store/uploads';

export interface Profile {
  name: string;
  email: string;
  mobile: string | null;
  role: 'administrator' | 'faculty' | 'student';
  hasMobile: boolean;
  avatarUrl: string | null;
  /** Absent from an older server: English. */
  language?: Language;
  /** The person's own time zone (IANA), or null/absent: the institute's default. */
  timeZone?: string | null;
}

const PROFILE = [{ type: 'User' as const, id: 'me' }];

export const profileEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, void>({
      query: () => '/profile',
      transformResponse: (answer: { data: Profile }) => answer.data,
      providesTags: PROFILE,
    }),
    updateProfile: build.mutation<
      Profile,
      { name: string; mobile?: string } | { language: Language } | { timeZone: string | null }
    >({
      query: (data) => ({ url: '/profile', method: 'PUT', body: { data } }),
      transformResponse: (answer: { data: Profile }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : PROFILE),
    }),
    updateAvatar: build.mutation<Profile, { file: File; onProgress?: ProgressHandler }>({
      query: ({ file, onProgress }) =>
        filesRequest({ url: '/profile/avatar', files: [file], onProgress }),
      transformResponse: (answer: { data: Profile }) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : PROFILE),
    }),
  }),
});

export const { useProfileQuery, useUpdateProfileMutation, useUpdateAvatarMutation } =
  profileEndpoints;
