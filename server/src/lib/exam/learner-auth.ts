import type { Core } from '@strapi/strapi';

/**
 * The learner's answer save without Strapi's generic content-API authentication (bench/exam-load:
 * the API-token lookup, the user and role loaded in two queries, the users-permissions advanced
 * settings read from the store and a CASL ability built from the role's ~90 permissions, on
 * every save). Only a caller the generic path would accept AND route to the lean save is served
 * here: a users-permissions JWT (the plugin's own jwt service: same secret, algorithm and
 * refresh-mode rules), an existing, confirmed, not blocked user whose role is `student` and
 * whose role holds `api::answer.answer.update` (the permission table; role permissions cached per
 * process by AUTH_PERMISSION_CACHE_MS), and a body with a lean field. Anyone and anything else
 * (no or bad token, the default API token, staff, a blocked or unconfirmed user, a generic
 * update) falls through unchanged to the generic route, which answers exactly as before.
 */
export interface LearnerCaller {
  id: number;
  role: { id: number; type: 'student' };
}

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

/** The signed-in student of this request, or null when the generic path must decide. */
export const fastLearner = async (
  strapi: Core.Strapi,
  ctx: unknown,
  action: string,
): Promise<LearnerCaller | null> => {
  const plugin = strapi.plugin('users-permissions');
  let token: { id?: unknown } | null;
  try {
    token = await (plugin.service('jwt') as JwtService).getToken(ctx);
  } catch {
    return null;
  }
  const id = token?.id;
  if (typeof id !== 'number' || !Number.isInteger(id)) {
    return null;
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
  // Unconfirmed users: the generic path applies the email_confirmation setting itself.
  if (!row || truthy(row.blocked) || !truthy(row.confirmed) || row.role_type !== 'student') {
    return null;
  }
  const roleId = row.role_id as number;
  const permissions = await (plugin.service('permission') as PermissionService).findRolePermissions(
    roleId,
  );
  if (!permissions.some((p) => p.action === action)) {
    return null;
  }
  return { id: row.id, role: { id: roleId, type: 'student' } };
};
