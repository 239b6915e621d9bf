import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentCaller } from '../access/caller';
import { assertMayAttach, assertMayChangeFile, readableFileIds } from '../access/file-rules';
import { isRecord } from '../access/model';

/**
 * The upload plugin's content-API routes (src/extensions/upload): who may attach, change, list and
 * read files (rules in src/access/file-rules.ts). `config.action` names the route.
 */
type Action = 'upload' | 'find' | 'findOne' | 'destroy';

interface FileRouteContext {
  request?: { query?: Record<string, unknown>; body?: unknown };
  params?: Record<string, unknown>;
}

const fileAccess = async (
  policyContext: Core.PolicyContext,
  config: unknown,
  { strapi }: { strapi: Core.Strapi },
): Promise<boolean> => {
  const context = policyContext as unknown as FileRouteContext;
  const action = (config as { action?: Action } | undefined)?.action;
  const caller = await currentCaller(strapi);
  switch (action) {
    case 'upload': {
      const body = isRecord(context.request?.body) ? context.request.body : {};
      await assertMayAttach(strapi, caller, body);
      const id = context.request?.query?.id;
      if (id !== undefined) {
        await assertMayChangeFile(strapi, caller, id);
      }
      return true;
    }
    case 'destroy':
      await assertMayChangeFile(strapi, caller, context.params?.id);
      return true;
    case 'findOne': {
      const id = Number(context.params?.id);
      const readable = await readableFileIds(strapi, caller, Number.isInteger(id) ? [id] : []);
      if (readable && !readable.has(id)) {
        throw new errors.NotFoundError('file.notFound');
      }
      return true;
    }
    case 'find': {
      const readable = await readableFileIds(strapi, caller);
      const query = context.request?.query;
      if (readable && query) {
        // The list is the caller's readable files, whatever filters they add. (Koa's parsed
        // query is cached per query string: the controller reads this same object.)
        const scope = readable.size > 0 ? { id: { $in: [...readable] } } : { id: { $eq: -1 } };
        query.filters = isRecord(query.filters) ? { $and: [query.filters, scope] } : scope;
      } else if (readable) {
        throw new errors.ForbiddenError();
      }
      return true;
    }
    default:
      return false;
  }
};

export default fileAccess;
