// Every URL of user accounts: the paged search, create/edit, block, roles, import and avatar.
import { strapiQuery } from '../../lib/strapi';

export const USERS_PAGE_SIZE = 25;
export const USERS_TEMPLATE_URL = '/uploads/templates/users-template.xlsx';
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export interface Role {
  id: number;
  name: string;
  type: string;
}

export interface UserAccount {
  id: number;
  username: string;
  email: string;
  UserRole: string | null;
  blocked: boolean;
  confirmed: boolean;
  role: Role | null;
  avatar: { url: string } | null;
  createdAt?: string;
}

export interface UserPayload {
  username: string;
  email: string;
  password?: string;
  role: number;
  UserRole?: string;
}

/** What an edit sends: some fields, or only `blocked`. */
export type UserChanges = Partial<Omit<UserPayload, 'password'>> & { blocked?: boolean };

export const usersUrls = {
  page: (search: string, page: number) =>
    `/custom-users?${strapiQuery([
      ['search', search.trim()],
      ['page', page],
      ['pageSize', USERS_PAGE_SIZE],
    ])}`,
  collection: '/custom-users',
  one: (id: number) => `/custom-users/${id}`,
  avatar: (id: number) => `/custom-users/${id}/avatar`,
  roles: '/users-permissions/roles',
  bulk: '/users-bulk',
};

export const usersImportMessage = (created: number) => `${created} Users imported Successfully`;
