import type { Core } from '@strapi/strapi';
import { type CallerLinks, primeCaller } from '../../access/caller';
import { isTokenCurrent } from '../accounts';
import { sqlRows } from '../../platform/db/sql';

/**
 * The exam's calls without Strapi's generic content-API authentication (bench/exam-load: the
 * API-token lookup, the user and role loaded in two queries, the users-permissions advanced
 * settings read from the store and a CASL ability built from the role's ~90 permissions, on every
 * call). The same rules, cheaper: a users-permissions JWT (the plugin's own jwt service: same
 * secret, algorithm and refresh-mode rules), then ONE query for the user's flags and role; an
 * unknown or blocked user, a token issued before the user's last password change or block
 * (src/modules/accounts/sessions.ts), or an unconfirmed user while email confirmation is on, is refused like
 * users-permissions does (401), and the role must hold the route's action in the permission table
 * (role permissions cached per process by AUTH_PERMISSION_CACHE_MS), else 403. The default API
 * token is not a users-permissions JWT: refused (401).
 */
export interface FastUser {
  id: number;
  role: { id: number; type: string };
  /** What src/access/caller.ts would load again (primed with setCaller). */
  links: CallerLinks;
}

export type FastAuth = { kind: 'user'; user: FastUser } | { kind: 'unauthorized' | 'forbidden' };

type Token = { id?: unknown; iat?: unknown } | null;
type TokenRead = Promise<Token> | Token;

interface JwtService {
  getToken(ctx: unknown): TokenRead;
  /** The read without the session check (src/modules/accounts/sessions.ts): USER_SQL checks it here. */
  readToken?(ctx: unknown): TokenRead;
}

interface PermissionService {
  findRolePermissions(roleId: unknown): Promise<Array<{ action?: string }>>;
}

interface UserRow {
  id: number;
  blocked: unknown;
  confirmed: unknown;
  tokens_valid_after: unknown;
  role_id: number | null;
  role_type: string | null;
  student_id: number | null;
  student_document_id: string | null;
  faculty_id: number | null;
  faculty_document_id: string | null;
  restricted: number | string | null;
}

/** The user, its flags, its role and the links the access rules need, by id. */
const USER_SQL = `SELECT u.id AS id, u.blocked AS blocked, u.confirmed AS confirmed,
    u.tokens_valid_after AS tokens_valid_after,
    r.id AS role_id, r.type AS role_type,
    s.id AS student_id, s.document_id AS student_document_id,
    f.id AS faculty_id, f.document_id AS faculty_document_id,
    (SELECT COUNT(*) FROM up_users_restricted_courses_lnk rc WHERE rc.user_id = u.id) AS restricted
  FROM up_users u
  LEFT JOIN up_users_role_lnk l ON l.user_id = u.id
  LEFT JOIN up_roles r ON r.id = l.role_id
  LEFT JOIN up_users_student_lnk us ON us.user_id = u.id
  LEFT JOIN students s ON s.id = us.student_id
  LEFT JOIN up_users_faculty_lnk uf ON uf.user_id = u.id
  LEFT JOIN faculties f ON f.id = uf.faculty_id
  WHERE u.id = ?
  LIMIT 1`;

const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1';

const UNAUTHORIZED: FastAuth = { kind: 'unauthorized' };
const FORBIDDEN: FastAuth = { kind: 'forbidden' };

export const authenticateFast = async (
  strapi: Core.Strapi,
  ctx: unknown,
  action: string,
): Promise<FastAuth> => {
  const plugin = strapi.plugin('users-permissions');
  let token: Token;
  try {
    const jwt = plugin.service('jwt') as JwtService;
    token = await (jwt.readToken ? jwt.readToken(ctx) : jwt.getToken(ctx));
  } catch {
    return UNAUTHORIZED;
  }
  const id = token?.id;
  if (typeof id !== 'number' || !Number.isInteger(id)) {
    return UNAUTHORIZED;
  }
  // One indexed query: the user, its flags, its role (users-permissions loads them in two) and
  // the links the access rules need (src/access/caller.ts would load them in four).
  const knex = strapi.db.connection;
  const [row] = await sqlRows<UserRow>(knex, USER_SQL, [id]);
  if (!row || truthy(row.blocked) || row.role_id === null || row.role_type === null) {
    return UNAUTHORIZED;
  }
  // A token issued before the last password change or block (src/modules/accounts/sessions.ts).
  if (!isTokenCurrent(token?.iat, row.tokens_valid_after)) {
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
  const restrictedCourseIds =
    Number(row.restricted ?? 0) > 0
      ? (
          (await knex('up_users_restricted_courses_lnk')
            .where('user_id', row.id)
            .orderBy('course_ord', 'asc')
            .select('course_id')) as Array<{ course_id: number }>
        ).map((r) => Number(r.course_id))
      : [];
  const links: CallerLinks = {
    student:
      row.student_id !== null && row.student_document_id !== null
        ? { id: Number(row.student_id), documentId: row.student_document_id }
        : null,
    faculty:
      row.faculty_id !== null && row.faculty_document_id !== null
        ? { id: Number(row.faculty_id), documentId: row.faculty_document_id }
        : null,
    restrictedCourseIds,
  };
  return {
    kind: 'user',
    user: { id: row.id, role: { id: row.role_id, type: row.role_type }, links },
  };
};

/** Puts the caller where the generic authentication would (src/access/caller.ts reads it). */
export const setCaller = (
  strapi: Core.Strapi,
  state: Record<string, unknown>,
  user: FastUser,
): void => {
  primeCaller(strapi, user.id, user.role.type, user.links);
  state.user = { id: user.id, role: user.role };
  state.isAuthenticated = true;
  state.auth = { strategy: { name: 'users-permissions' }, credentials: user, ability: null };
};
