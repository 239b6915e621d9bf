// The shapes of Strapi's GraphQL resolver middlewares, for the guards in this folder.

export type Resolver = (parent: unknown, args: unknown, context: unknown, info: unknown) => unknown;

/** A middleware on one field: it calls `resolve` (or not) and may change what it answers. */
export type FieldMiddleware = (
  resolve: Resolver,
  parent: unknown,
  args: unknown,
  context: unknown,
  info: unknown,
) => Promise<unknown>;
