// Every URL of user accounts: the paged search, create/edit, block, roles, import and avatar.
import { apiClient } from '../../lib/apiClient';
import { strapiQuery, type StrapiList, type StrapiOne } from '../../lib/strapi';

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

export async function getUsersPage(search: string, page: number): Promise<StrapiList<UserAccount>> {
  const { data } = await apiClient.get<StrapiList<UserAccount>>(usersUrls.page(search, page));
  return data;
}

export async function getRoles(): Promise<Role[]> {
  const { data } = await apiClient.get<{ roles: Role[] }>(usersUrls.roles);
  return data.roles.filter((role) => role.type !== 'public');
}

export async function createUser(payload: UserPayload): Promise<string> {
  const { data } = await apiClient.post<{ message?: string }>(usersUrls.collection, payload);
  return data.message || 'User Added Successfully';
}

export async function updateUser(
  id: number,
  payload: Partial<Omit<UserPayload, 'password'>> & { blocked?: boolean },
): Promise<UserAccount> {
  const { data } = await apiClient.put<StrapiOne<UserAccount>>(usersUrls.one(id), payload);
  return data.data;
}

export async function uploadAvatar(
  id: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UserAccount> {
  const form = new FormData();
  form.append('files', file, file.name);
  const { data } = await apiClient.put<StrapiOne<UserAccount>>(usersUrls.avatar(id), form, {
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total) onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
    },
  });
  return data.data;
}

export const usersImportMessage = (created: number) => `${created} Users imported Successfully`;
