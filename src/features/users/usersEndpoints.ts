// The users area's calls through the one API (store/api.ts): the paged, searched list, the roles,
// create, edit (and block), and the avatar upload with its progress.
import { api } from '../../store/api';
import { recordTags } from '../../store/tags';
import type { StrapiList } from '../../lib/strapi';
import * as requests from '../../store/recordRequests';
import { filesRequest } from '../../store/uploads';
import {
  usersUrls,
  type Role,
  type UserAccount,
  type UserChanges,
  type UserPayload,
} from './usersUrls';

export interface UserUpdate {
  id: number;
  changes: UserChanges;
}

export interface AvatarUpload {
  id: number;
  file: File;
  /** Whole percent while the image is sent. */
  onProgress?: (percent: number) => void;
}

const user = recordTags('User');

const PRODUCT_ROLES: readonly string[] = ['administrator', 'faculty', 'student'];

export const usersEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    usersPage: build.query<StrapiList<UserAccount>, requests.SearchedPage>(
      requests.searchedPageQuery(usersUrls.page, user.list),
    ),
    /** The roles a user may be given: the product's three (never Strapi's Public or Authenticated). */
    userRoles: build.query<Role[], void>({
      query: () => usersUrls.roles,
      transformResponse: (answer: { roles: Role[] }) =>
        answer.roles.filter((role) => PRODUCT_ROLES.includes(role.type)),
    }),
    /** Creates a user; answers the server's message. */
    createUser: build.mutation<string, UserPayload>({
      query: requests.postDocument<UserPayload>(usersUrls.collection),
      transformResponse: (answer: { message?: string }) =>
        answer.message || 'User Added Successfully',
      invalidatesTags: user.created(),
    }),
    updateUser: build.mutation<UserAccount, UserUpdate>({
      query: ({ id, changes }) => ({ url: usersUrls.one(id), method: 'PUT', body: changes }),
      transformResponse: requests.dataOf<UserAccount>,
      invalidatesTags: user.changed(({ id }: UserUpdate) => id),
    }),
    uploadAvatar: build.mutation<UserAccount, AvatarUpload>({
      query: ({ id, file, onProgress }) =>
        filesRequest({ url: usersUrls.avatar(id), method: 'PUT', files: [file], onProgress }),
      transformResponse: requests.dataOf<UserAccount>,
      invalidatesTags: user.changed(({ id }: AvatarUpload) => id),
    }),
  }),
});

export const {
  useUsersPageQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useUploadAvatarMutation,
  useUserRolesQuery,
} = usersEndpoints;
