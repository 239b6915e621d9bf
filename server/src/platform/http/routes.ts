// The custom routes of one API, a line each: `customRoutes('api::people.people', [['GET',
// '/batches-custom/paginated', 'batchesPaginated'], ...])`. Each route answers through the
// controller's action; `public` routes skip Strapi's authentication (they authorize themselves).
import type { Core } from '@strapi/strapi';

type RouteConfig = NonNullable<Core.RouterInput['routes'][number]['config']>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteOptions {
  /** No Strapi authentication: the route checks who calls itself (a signature, a policy). */
  public?: boolean;
  policies?: RouteConfig['policies'];
}

export type RouteLine = [Method, string, string] | [Method, string, string, RouteOptions];

export const customRoutes = (controller: string, lines: RouteLine[]): Core.RouterInput => ({
  type: 'content-api',
  routes: lines.map(([method, path, action, options = {}]) => ({
    method,
    path,
    handler: `${controller}.${action}`,
    config: {
      ...(options.public ? { auth: false as const } : {}),
      policies: options.policies ?? [],
      middlewares: [],
    },
  })),
});
