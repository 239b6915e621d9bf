// The users area's calls through the one API (store/api.ts): the paged, searched list.
import { api } from '../../store/api';
import type { StrapiList } from '../../lib/strapi';
import { usersUrls, type UserAccount } from './usersApi';

export const usersEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    usersPage: build.query<StrapiList<UserAccount>, { search: string; page: number }>({
      query: ({ search, page }) => usersUrls.page(search, page),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useUsersPageQuery } = usersEndpoints;
