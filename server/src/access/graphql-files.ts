import type { Core } from '@strapi/strapi';
import type { FieldMiddleware } from './graphql-types';
import { currentCaller } from './caller';
import { assertMayChangeFile, privateFileIds, readableFileIds } from './file-rules';
import { FILE_UID, isRecord } from './model';
import { signFileUrl } from '../platform/files/file-urls';

interface GraphqlNaming {
  getTypeName(contentType: unknown): string;
}

const idOf = (row: unknown): number | null =>
  isRecord(row) && Number.isInteger(Number(row.id)) ? Number(row.id) : null;

/**
 * The upload plugin's GraphQL queries and mutations follow the REST file rules (issue 18 point 6,
 * src/access/file-rules.ts): lists and single files only as far as the caller may read them;
 * renaming and deleting only what the caller may change (learners hold the `upload` scope that
 * `updateUploadFile` asks for).
 */
const onlyReadable =
  (strapi: Core.Strapi): FieldMiddleware =>
  async (resolve, parent, args, context, info) => {
    const result = await resolve(parent, args, context, info);
    const readable = await readableFileIds(strapi, await currentCaller(strapi));
    if (!readable) {
      return result;
    }
    const keep = (row: unknown): boolean => {
      const id = idOf(row);
      return id !== null && readable.has(id);
    };
    if (Array.isArray(result)) {
      return result.filter(keep);
    }
    if (isRecord(result) && Array.isArray(result.nodes)) {
      return { ...result, nodes: (result.nodes as unknown[]).filter(keep) };
    }
    return result === null || result === undefined || keep(result) ? result : null;
  };

const mayChange =
  (strapi: Core.Strapi): FieldMiddleware =>
  async (resolve, parent, args, context, info) => {
    await assertMayChangeFile(
      strapi,
      await currentCaller(strapi),
      isRecord(args) ? args.id : undefined,
    );
    return resolve(parent, args, context, info);
  };

/** A private file's URL is signed (point 15), as in REST answers. */
const signedUrl =
  (strapi: Core.Strapi): FieldMiddleware =>
  async (resolve, parent, args, context, info) => {
    const url = await resolve(parent, args, context, info);
    const id = idOf(parent);
    if (typeof url !== 'string' || id === null) {
      return url;
    }
    const priv = await privateFileIds(strapi.db.connection, [id]);
    return priv.has(id) ? signFileUrl(url) : url;
  };

export const registerGraphqlFileGuard = (strapi: Core.Strapi): void => {
  const extension = strapi.plugin('graphql').service('extension') as unknown as {
    use(configuration: (ctx: { strapi: Core.Strapi }) => { resolversConfig: object }): void;
  };
  extension.use(({ strapi: instance }) => {
    const naming = (
      instance.plugin('graphql').service('utils') as unknown as { naming: GraphqlNaming }
    ).naming;
    const fileType = naming.getTypeName(instance.getModel(FILE_UID));
    const read = { middlewares: [onlyReadable(instance)] };
    const change = { middlewares: [mayChange(instance)] };
    return {
      resolversConfig: {
        'Query.uploadFiles': read,
        'Query.uploadFiles_connection': read,
        'Query.uploadFile': read,
        'Mutation.updateUploadFile': change,
        'Mutation.deleteUploadFile': change,
        [`${fileType}.url`]: { middlewares: [signedUrl(instance)] },
      },
    };
  });
};
