import type { Core } from '@strapi/strapi';

/**
 * The exam's calls without Strapi's generic content-API authentication (bench/exam-load: the
 * API-token lookup, the user and role loaded in two queries, the users-permissions advanced
 * settings read from the store and a CASL ability built from the role's ~90 permissions, on every
 * call). The same rules, cheaper: a users-permissions JWT (the plugin's own jwt service: same
 * secret, algorithm and refresh-mode rules), then ONE query for the user's flags and role; an
 * unknown or blocked user (or an unconfirmed one while email confirmation is on) is refused like
 * users-permissions does (401), and the role must hold the route's action in the permission table
 * (role permissions cached per process by AUTH_PERMISSION_CACHE_MS), else 403. The default API
 * token is not a users-permissions JWT: refused (401).
 */
export interface FastUser {
  id: number;
  role: { id: number; type: string };
}

export type FastAuth = { kind: 'user'; user: FastUser } | { kind: 'unauthorized' | 'forbidden' };

interface JwtService {
  getToken(ctx: unknown): Promise<{ id?: unknown } | null> | { id?: unknown } | null;
}

interface PermissionService {
  findRolePermissions(roleId: unknown): Promise<Array<{ action?: string }>>;
}

interface UserRow {
  id: number;
  blocked: unknown;
  confirmed: unknown;
  role_id: number | null;
  role_type: string | null;
}

const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1';

const UNAUTHORIZED: FastAuth = { kind: 'unauthorized' };
const FORBIDDEN: FastAuth = { kind: 'forbidden' };

export const authenticateFast = async (
  strapi: Core.Strapi,
  ctx: unknown,
  action: string,
): Promise<FastAuth> => {
  const plugin = strapi.plugin('users-permissions');
  let token: { id?: unknown } | null;
  try {
    token = await (plugin.service('jwt') as JwtService).getToken(ctx);
  } catch {
    return UNAUTHORIZED;
  }
  const id = token?.id;
  if (typeof id !== 'number' || !Number.isInteger(id)) {
    return UNAUTHORIZED;
  }
  // One indexed query: the user, its flags and its role (users-permissions loads them in two).
  const row = (await strapi.db
    .connection('up_users as u')
    .leftJoin('up_users_role_lnk as l', 'l.user_id', 'u.id')
    .leftJoin('up_roles as r', 'r.id', 'l.role_id')
    .where('u.id', id)
    .first(
      'u.id as id',
      'u.blocked as blocked',
      'u.confirmed as confirmed',
      'r.id as role_id',
      'r.type as role_type',
    )) as UserRow | undefined;
  if (!row || truthy(row.blocked) || row.role_id === null || row.role_type === null) {
    return UNAUTHORIZED;
  }
  if (!truthy(row.confirmed)) {
    const advanced = (await strapi
      .store({ type: 'plugin', name: 'users-permissions' })
      .get({ key: 'advanced' })) as { email_confirmation?: boolean } | null;
    if (advanced?.email_confirmation) {
      return UNAUTHORIZED;
    }
  }
  const permissions = await (plugin.service('permission') as PermissionService).findRolePermissions(
    row.role_id,
  );
  if (!permissions.some((p) => p.action === action)) {
    return FORBIDDEN;
  }
  return { kind: 'user', user: { id: row.id, role: { id: row.role_id, type: row.role_type } } };
};

/** Puts the caller where the generic authentication would (src/access/caller.ts reads it). */
export const setCaller = (state: Record<string, unknown>, user: FastUser): void => {
  state.user = user;
  state.isAuthenticated = true;
  state.auth = { strategy: { name: 'users-permissions' }, credentials: user, ability: null };
};
