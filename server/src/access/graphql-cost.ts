import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  typeFromAST,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { QUERY_LIMITS } from '../platform/limits/query-limits';

/**
 * Cost limits for GraphQL (issue 18 point 5a), as an Apollo Server plugin: a 53 KB query of 500
 * aliases, each courses → tests(limit 10000) → course → tests, held the event loop for 47 s. The
 * request's size is bounded before it is read (src/middlewares/query-cost.ts) and the document's
 * tokens while it is parsed (parseOptions.maxTokens); then, before execution, the operation's
 * fields are counted and its rows estimated from the schema (graphql-js' own types and argument
 * coercion, fragments expanded): over either bound it is refused with 400.
 * During execution every field checks the request's time budget, so a query that still runs too
 * long stops at its next field instead of running on (a single SQL statement cannot be cut in
 * better-sqlite3; on PostgreSQL statement_timeout is the line below, config/database.ts).
 */

export interface GraphqlCostOptions {
  /** ms from the request's start; 0 = no budget. */
  timeBudgetMs: number;
  /** Remove "Did you mean …?" from every error (production: they name schema fields). */
  stripSuggestions: boolean;
}

type Variables = Record<string, unknown>;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Variables;
  fields: number;
  rows: number;
}

const tooCostly = (message: string): GraphQLError =>
  new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COSTLY', http: { status: 400 } } });

const count = (n: number): string => n.toLocaleString('en-US');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page size Strapi will use for a field with a `pagination` argument (utils' pagination). */
const pageSizeOf = (
  field: GraphQLField<unknown, unknown>,
  node: Parameters<typeof getArgumentValues>[1],
  variables: Variables,
): number => {
  let pagination: unknown;
  try {
    pagination = getArgumentValues(field, node, variables).pagination;
  } catch {
    return QUERY_LIMITS.maxPageSize; // invalid arguments: execution refuses them; assume the worst
  }
  const asked = isRecord(pagination) ? (pagination.limit ?? pagination.pageSize) : undefined;
  if (typeof asked !== 'number') {
    return QUERY_LIMITS.defaultPageSize;
  }
  return asked < 0
    ? QUERY_LIMITS.maxPageSize
    : Math.min(Math.max(asked, 1), QUERY_LIMITS.maxPageSize);
};

/** How many rows one parent row of this field stands for. */
const fanOut = (
  parent: GraphQLNamedType,
  field: GraphQLField<unknown, unknown>,
  node: Parameters<typeof getArgumentValues>[1],
  variables: Variables,
): number => {
  if (field.args.some((arg) => arg.name === 'pagination')) {
    return pageSizeOf(field, node, variables);
  }
  if (!isListType(getNullableType(field.type))) {
    return 1;
  }
  // `nodes` of a …ResponseCollection: the page was counted on the connection field above it.
  return parent.name.endsWith('ResponseCollection') ? 1 : QUERY_LIMITS.defaultPageSize;
};

const walk = (
  state: Walk,
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType,
  perParent: number,
): void => {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT || selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection
          : state.fragments.get(selection.name.value);
      if (!fragment) {
        continue;
      }
      const condition = fragment.typeCondition
        ? typeFromAST(state.schema, fragment.typeCondition)
        : parent;
      walk(state, fragment.selectionSet, condition ?? parent, perParent);
      continue;
    }
    const name = selection.name.value;
    if (name === '__schema' || name === '__type') {
      continue; // introspection reads the schema in memory (and is off in production)
    }
    state.fields += 1;
    if (state.fields > QUERY_LIMITS.graphqlFields) {
      throw tooCostly(
        `This GraphQL query selects more than ${QUERY_LIMITS.graphqlFields} fields (aliases count one each); split it into smaller queries.`,
      );
    }
    if (!selection.selectionSet || !(isObjectType(parent) || isInterfaceType(parent))) {
      continue;
    }
    const field = parent.getFields()[name];
    if (!field) {
      continue;
    }
    const rows = perParent * fanOut(parent, field, selection, state.variables);
    state.rows += rows;
    if (state.rows > QUERY_LIMITS.graphqlRows) {
      throw tooCostly(
        `This GraphQL query could read more than ${count(QUERY_LIMITS.graphqlRows)} rows (up to ${count(state.rows)} so far: each list's page size multiplied by the lists it is nested in); ask for smaller pages (pagination: { limit }) or fewer nested lists.`,
      );
    }
    walk(state, selection.selectionSet, getNamedType(field.type), rows);
  }
};

/** Throws a 400 GraphQLError when the operation is over the field or row bound. */
export const assertOperationCost = (
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  variables: Variables,
): void => {
  const root = schema.getRootType(operation.operation);
  if (!root) {
    return;
  }
  const state: Walk = {
    schema,
    fragments: new Map(fragments.map((fragment) => [fragment.name.value, fragment])),
    variables,
    fields: 0,
    rows: 0,
  };
  walk(state, operation.selectionSet, root, 1);
};

const SUGGESTION = /\s*Did you mean [^?]*\?/g;

interface RequestContextLike {
  schema: GraphQLSchema;
  document?: { definitions: ReadonlyArray<{ kind: string }> };
  operation?: OperationDefinitionNode | null;
  request: { variables?: Variables | null };
  errors?: ReadonlyArray<{ message: string }>;
}

interface FieldListener {
  willResolveField(): void;
}

/** The Apollo Server plugin (config/plugins.ts, graphql.config.apolloServer.plugins). */
export const createGraphqlCostPlugin = (options: GraphqlCostOptions) => ({
  async requestDidStart() {
    const deadline = options.timeBudgetMs > 0 ? Date.now() + options.timeBudgetMs : Infinity;
    const timeUp = new GraphQLError(
      `This GraphQL query ran longer than ${options.timeBudgetMs / 1000} s and was stopped; ask for less (smaller pages, fewer fields).`,
      { extensions: { code: 'QUERY_TIME_BUDGET', http: { status: 503 } } },
    );
    return {
      async didResolveOperation(context: RequestContextLike): Promise<void> {
        if (!context.operation || !context.document) {
          return;
        }
        const fragments = context.document.definitions.filter(
          (definition): definition is FragmentDefinitionNode =>
            definition.kind === Kind.FRAGMENT_DEFINITION,
        );
        assertOperationCost(
          context.schema,
          context.operation,
          fragments,
          context.request.variables ?? {},
        );
      },
      async executionDidStart(): Promise<FieldListener> {
        return {
          willResolveField(): void {
            if (Date.now() > deadline) {
              throw timeUp;
            }
          },
        };
      },
      async didEncounterErrors(context: RequestContextLike): Promise<void> {
        if (!options.stripSuggestions) {
          return;
        }
        for (const error of context.errors ?? []) {
          error.message = error.message.replace(SUGGESTION, '');
        }
      },
    };
  },
});
