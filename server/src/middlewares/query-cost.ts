import type { Core } from '@strapi/strapi';
import { assertPopulateCost } from '../access/rest-cost';
import { QUERY_LIMITS } from '../platform/limits/query-limits';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

/** config/plugins.ts mounts GraphQL here. */
const GRAPHQL_PATH = '/api/graphql';

const count = (n: number): string => n.toLocaleString('en-US');

/** The size of a GraphQL request: its Content-Length, or for a GET the query string. */
const graphqlRequestBytes = (ctx: Context): number => {
  if (ctx.method === 'GET') {
    return Buffer.byteLength(ctx.querystring);
  }
  const length = Number(ctx.get('content-length'));
  return Number.isFinite(length) ? length : 0; // chunked: the plugin's body parser bounds it
};

/**
 * Cost bounds that need no parsing (issue 18 point 5): a GraphQL request over the size bound is
 * refused (400, GraphQL's error shape) before its body is read (Strapi's body parser skips that
 * route; the plugin parses it after this); a REST query's `populate` over the depth or relation
 * bound is refused (400) before any controller reads (src/access/rest-cost.ts). The GraphQL
 * field, row and time bounds are in its Apollo plugin (src/access/graphql-cost.ts); page sizes
 * are capped by config (api.ts, plugins.ts).
 */
export default () =>
  async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path === GRAPHQL_PATH) {
      const bytes = graphqlRequestBytes(ctx);
      if (bytes > QUERY_LIMITS.graphqlRequestBytes) {
        ctx.status = 400;
        ctx.body = {
          errors: [
            {
              message: `This GraphQL request is ${count(bytes)} bytes; at most ${count(QUERY_LIMITS.graphqlRequestBytes)} are accepted.`,
              extensions: { code: 'QUERY_TOO_LARGE' },
            },
          ],
        };
        return undefined;
      }
      return next();
    }
    if (ctx.path.startsWith('/api/') && ctx.query.populate !== undefined) {
      assertPopulateCost(ctx.query.populate);
    }
    return next();
  };
