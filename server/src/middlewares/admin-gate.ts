import type { Core } from '@strapi/strapi';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

/** Paths of the product itself: never taken for an admin-API prefix, whatever a plugin declares. */
const PRODUCT_SEGMENTS = new Set(['', 'api', 'uploads', '_health', 'assets']);

const KNOWN_ADMIN_SEGMENTS = [
  'admin',
  'content-manager',
  'content-type-builder',
  'upload',
  'users-permissions',
  'i18n',
  'email',
  'review-workflows',
  'content-releases',
  'documentation',
];

/** The first-admin sign-up of Strapi's admin API: open to anyone while no administrator exists. */
const REGISTER_ADMIN = 'admin/register-admin';

/**
 * The request path as Strapi's router could match it: decoded, lower case (routes match case-
 * insensitively), without repeated or trailing slashes.
 */
export const normalisedPath = (path: string): string => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: match on the raw path
  }
  return decoded.toLowerCase().split('/').filter(Boolean).join('/');
};

/** True for the product's own paths (API, files, health), which no admin lock may answer. */
export const isProductPath = (path: string): boolean =>
  PRODUCT_SEGMENTS.has(normalisedPath(path).split('/')[0]);

/** First path segments of every admin-type route (Strapi's /admin and its plugins' /<plugin>). */
export const adminPrefixes = (strapi: Core.Strapi): Set<string> => {
  const prefixes = new Set<string>();
  for (const layer of strapi.server.api('admin').listRoutes()) {
    const first = normalisedPath(String(layer.path)).split('/')[0];
    if (!PRODUCT_SEGMENTS.has(first)) {
      prefixes.add(first);
    }
  }
  // Strapi's own admin API and its plugins' (also those not installed or licensed here, e.g. the
  // Enterprise ones): answered 404 rather than by the SPA's index.html.
  KNOWN_ADMIN_SEGMENTS.forEach((segment) => prefixes.add(segment));
  return prefixes;
};

const notFound = (ctx: Context): void => {
  ctx.status = 404;
  ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } };
};

/**
 * Strapi routes its admin API (/admin/*, and each plugin's /<plugin>/* admin routes) whether or
 * not the admin panel is served (SERVE_ADMIN_PANEL), and /admin/register-admin makes anyone
 * super-administrator while none exists (issue 18, point 1). This gate, in front of every other
 * middleware but the logger and the error handler:
 * - panel off (the default): every path under an admin-API prefix answers 404, for any method;
 * - panel on: /admin/register-admin still answers 404: the first super-administrator comes from
 *   ADMIN_EMAIL / ADMIN_PASSWORD at boot (src/bootstrap/super-admin.ts) or Strapi's CLI.
 * The prefixes are read from the admin routes themselves on the first request (routes are
 * registered after the middlewares), so a plugin added later is covered without a list here.
 * The bootstrap also closes the admin router itself when the panel is off (closeAdminApi).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const panelOn = strapi.config.get('admin.serveAdminPanel') === true;
  let prefixes: Set<string> | null = null;
  return async (ctx: Context, next: Next): Promise<void> => {
    const path = normalisedPath(ctx.path);
    if (panelOn) {
      if (path === REGISTER_ADMIN) {
        return notFound(ctx);
      }
      return next();
    }
    prefixes ??= adminPrefixes(strapi);
    if (prefixes.has(path.split('/')[0])) {
      return notFound(ctx);
    }
    return next();
  };
};
