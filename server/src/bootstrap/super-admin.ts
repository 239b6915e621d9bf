import type { Core } from '@strapi/strapi';
import { isProductPath } from '../middlewares/admin-gate';

interface AdminUserService {
  exists(): Promise<boolean>;
  createFirstAdmin(attributes: {
    firstname: string;
    lastname: string;
    email: string;
    password: string;
  }): Promise<unknown>;
}

type Context = Parameters<Core.MiddlewareHandler>[0];

/** Strapi's own rule for an admin password (8+ characters, a lower and an upper case letter, a digit). */
const STRONG = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * With the admin panel switched off the admin router is closed: every admin route answers 404
 * (the global::admin-gate middleware answers first; this is the second lock, should a route ever
 * escape the gate's prefixes). Called from `register`, before Strapi adds the admin routes: the
 * router runs its layers in the order they were added, so this one comes before every route.
 */
export const closeAdminApi = (strapi: Core.Strapi): void => {
  if (strapi.config.get('admin.serveAdminPanel') === true) {
    return;
  }
  // The admin router also sees requests it holds no route for (koa-router runs a router's `use`
  // layers whenever any of its patterns matches): the product's own paths, e.g. /uploads, pass.
  const closed = async (ctx: Context, next: () => Promise<unknown>): Promise<void> => {
    if (isProductPath(ctx.path)) {
      await next();
      return;
    }
    ctx.status = 404;
    ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } };
  };
  strapi.server.api('admin').use(closed);
};

/**
 * The first Strapi super-administrator, when the admin panel is on: from ADMIN_EMAIL and
 * ADMIN_PASSWORD (optionally ADMIN_FIRSTNAME / ADMIN_LASTNAME), created once at boot. Strapi's
 * open /admin/register-admin is closed (global::admin-gate), so without these variables the
 * panel has no administrator until one is made with `npx strapi admin:create-user`.
 * Safe with several processes: Strapi's createFirstAdmin locks the super-admin role row and
 * refuses a second first admin.
 */
export const ensureSuperAdmin = async (strapi: Core.Strapi): Promise<void> => {
  if (strapi.config.get('admin.serveAdminPanel') !== true) {
    return;
  }
  const users = strapi.service('admin::user') as unknown as AdminUserService;
  if (await users.exists()) {
    return;
  }
  const email = (process.env.ADMIN_EMAIL ?? '').trim().toLowerCase();
  const password = process.env.ADMIN_PASSWORD ?? '';
  if (!email && !password) {
    strapi.log.warn(
      'The admin panel is on but has no administrator: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npx strapi admin:create-user`.',
    );
    return;
  }
  if (!EMAIL.test(email)) {
    throw new Error('ADMIN_EMAIL is not a valid email address.');
  }
  if (!STRONG.test(password)) {
    throw new Error(
      'ADMIN_PASSWORD needs 8 or more characters with a lower case letter, an upper case letter and a digit.',
    );
  }
  try {
    await users.createFirstAdmin({
      firstname: process.env.ADMIN_FIRSTNAME?.trim() || 'Portal',
      lastname: process.env.ADMIN_LASTNAME?.trim() || 'Administrator',
      email,
      password,
    });
    strapi.log.info(`Created the admin panel's super-administrator ${email} (ADMIN_EMAIL).`);
  } catch (error) {
    // Another process created it first.
    if (!(await users.exists())) {
      throw error;
    }
  }
};
