import type { Core } from '@strapi/strapi';

/**
 * users-permissions adds account mutations to the GraphQL schema (login, register, forgot-, reset-
 * and change-password, email confirmation, and user/role create/update/delete). They are not the
 * product's: the SPA uses the REST endpoints, which carry the rules (rate limits kept in the
 * database, registration that makes a Student with its record, answers that do not reveal
 * whether an email exists). Through GraphQL, `login` took unlimited password guesses with the
 * bundle's visitor token and `register` made Student accounts without a Student record, past the
 * registration limit (issue 18 point 4). So they are removed from the schema, and, should a
 * plugin update bring one back under the same name, refused by a policy.
 */

/** users-permissions' auth mutations (its server/src/graphql/mutations/index.js). */
const AUTH_MUTATIONS = [
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'changePassword',
  'emailConfirmation',
] as const;

interface GraphqlNaming {
  getCreateMutationTypeName(contentType: unknown): string;
  getUpdateMutationTypeName(contentType: unknown): string;
  getDeleteMutationTypeName(contentType: unknown): string;
}

/** What is used of graphql-js's GraphQLSchema (not a direct dependency). */
interface GraphQLSchema {
  getMutationType(): { getFields(): Record<string, unknown> } | null | undefined;
}

interface NexusPluginFactory {
  plugin(config: { name: string; onAfterBuild(schema: GraphQLSchema): void }): unknown;
}

interface ExtensionService {
  use(
    configuration: (ctx: { strapi: Core.Strapi; nexus: NexusPluginFactory }) => {
      plugins: unknown[];
      resolversConfig: Record<string, { policies: Array<() => boolean> }>;
    },
  ): void;
}

/** Every account mutation users-permissions registers, by its schema name. */
export const accountMutationNames = (strapi: Core.Strapi): string[] => {
  const { naming } = strapi.plugin('graphql').service('utils') as unknown as {
    naming: GraphqlNaming;
  };
  const crud = ['plugin::users-permissions.user', 'plugin::users-permissions.role'].flatMap(
    (uid) => {
      const model = strapi.getModel(uid as Parameters<Core.Strapi['getModel']>[0]);
      return [
        naming.getCreateMutationTypeName(model),
        naming.getUpdateMutationTypeName(model),
        naming.getDeleteMutationTypeName(model),
      ];
    },
  );
  return [...AUTH_MUTATIONS, ...crud];
};

/** Registered in register(); applied each time the GraphQL plugin builds its schema. */
export const removeGraphqlAccountMutations = (strapi: Core.Strapi): void => {
  if (!strapi.plugin('graphql')) {
    return;
  }
  const extension = strapi.plugin('graphql').service('extension') as unknown as ExtensionService;
  extension.use(({ strapi: instance, nexus }) => {
    const names = accountMutationNames(instance);
    const refuse = (): boolean => false;
    return {
      // The built schema's field map is the one the plugin itself wraps in place
      // (wrap-resolvers.js); the types only these fields used are pruned right after.
      plugins: [
        nexus.plugin({
          name: 'portal-no-account-mutations',
          onAfterBuild(schema: GraphQLSchema): void {
            const fields = schema.getMutationType()?.getFields();
            if (fields) {
              for (const name of names) {
                Reflect.deleteProperty(fields, name);
              }
            }
          },
        }),
      ],
      resolversConfig: Object.fromEntries(
        names.map((name) => [`Mutation.${name}`, { policies: [refuse] }]),
      ),
    };
  });
};
