import type { Core } from '@strapi/strapi';
import type { FieldMiddleware } from './graphql-types';
import { currentCaller, requestMemo } from './caller';
import { isRecord, modelOf } from './model';
import { assertFiltersAllowed, assertSortAllowed } from './query-guard';
import {
  ANSWER_KEY_FIELDS,
  CLASS_JOIN_FIELDS,
  QUESTION_STAFF_FIELDS,
  SCOPED_UIDS,
  UID,
  hiddenFields,
  isLearnerLike,
  readScope,
} from './rules';
import { rememberVisible } from './visibility';
import { WITHHELD_RESULT_FIELDS, withheldResultIds } from './facts/withheld-results';

interface ResolverConfig {
  middlewares: FieldMiddleware[];
}

/** Scalar fields rules.ts may hide from some callers (GraphQL answers null for them). */
const HIDEABLE: Record<string, readonly string[]> = {
  [UID.question]: QUESTION_STAFF_FIELDS,
  'api::question-pool.question-pool': ANSWER_KEY_FIELDS,
  [UID.answer]: ['points'],
  'api::faculty.faculty': ['faculty_email_id', 'faculty_mobile_number', 'faculty_address'],
  // Live classes (issue 21): how a class is joined is staff-only.
  [UID.liveClass]: CLASS_JOIN_FIELDS,
};

interface GraphqlNaming {
  getTypeName(contentType: unknown): string;
}

const hideField =
  (strapi: Core.Strapi, uid: string, field: string): FieldMiddleware =>
  async (resolve, parent, args, context, info) => {
    const caller = await currentCaller(strapi);
    if (hiddenFields(caller, uid).includes(field)) {
      return null;
    }
    return resolve(parent, args, context, info);
  };

/**
 * A learner gets null for the marks of an unpublished Mains result (issue 8); the result's
 * evaluations are scoped by the evaluation read scope (published results only).
 */
const withholdResultField =
  (strapi: Core.Strapi): FieldMiddleware =>
  async (resolve, parent, args, context, info) => {
    const caller = await currentCaller(strapi);
    if (isLearnerLike(caller)) {
      const id = idOf(parent);
      if (id === null || (await withheldResultIds(strapi, [id])).has(id)) {
        return null;
      }
    }
    return resolve(parent, args, context, info);
  };

const idOf = (row: unknown): number | null =>
  isRecord(row) && typeof row.id === 'number' ? row.id : null;

/**
 * Nested relations are loaded by the GraphQL plugin straight from the query engine (not through
 * the document service), so their rows are checked here against the same read scope, and their
 * filter/sort arguments against the same hidden fields.
 */
const guardRelation =
  (strapi: Core.Strapi, target: string): FieldMiddleware =>
  async (resolve, parent, args, context, info) => {
    const caller = await currentCaller(strapi);
    const targetModel = modelOf(strapi, target);
    if (targetModel && isRecord(args)) {
      assertFiltersAllowed(strapi, caller, targetModel, args.filters);
      assertSortAllowed(strapi, caller, targetModel, args.sort);
    }
    const result = await resolve(parent, args, context, info);
    if (!(await readScope(caller, target))) {
      return result;
    }
    const rows = Array.isArray(result)
      ? result
      : isRecord(result) && Array.isArray(result.nodes)
        ? (result.nodes as unknown[])
        : [result];
    const ids = rows.map(idOf).filter((id): id is number => id !== null);
    const visible = await rememberVisible(strapi, caller, target, ids, requestMemo(strapi).visible);
    const keep = (row: unknown): boolean => {
      const id = idOf(row);
      return id !== null && visible.get(id) === true;
    };
    if (Array.isArray(result)) {
      return result.filter(keep);
    }
    if (isRecord(result) && Array.isArray(result.nodes)) {
      return { ...result, nodes: (result.nodes as unknown[]).filter(keep) };
    }
    return result === null || result === undefined || keep(result) ? result : null;
  };

/**
 * resolversConfig for every relation field of our types (and the user type) and every hideable
 * scalar field. Registered in register(); evaluated when the GraphQL schema is built.
 */
export const buildGraphqlGuardConfig = (strapi: Core.Strapi): Record<string, ResolverConfig> => {
  const naming = (strapi.plugin('graphql').service('utils') as unknown as { naming: GraphqlNaming })
    .naming;
  const config: Record<string, ResolverConfig> = {};
  const add = (path: string, middleware: FieldMiddleware): void => {
    config[path] = { middlewares: [...(config[path]?.middlewares ?? []), middleware] };
  };
  for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
    if (!uid.startsWith('api::') && uid !== UID.user) {
      continue;
    }
    const model = modelOf(strapi, uid);
    if (!model) {
      continue;
    }
    const typeName = naming.getTypeName(contentType);
    for (const field of HIDEABLE[uid] ?? []) {
      add(`${typeName}.${field}`, hideField(strapi, uid, field));
    }
    if (uid === UID.result) {
      for (const field of WITHHELD_RESULT_FIELDS) {
        if (field !== 'evaluations') {
          add(`${typeName}.${field}`, withholdResultField(strapi));
        }
      }
    }
    for (const [name, attribute] of Object.entries(model.attributes)) {
      if (attribute.type !== 'relation' || typeof attribute.target !== 'string') {
        continue;
      }
      if (!SCOPED_UIDS.includes(attribute.target) && !(attribute.target in HIDEABLE)) {
        continue; // rows everyone may read, no hidden field to filter on
      }
      const middleware = guardRelation(strapi, attribute.target);
      add(`${typeName}.${name}`, middleware);
      if (attribute.relation?.endsWith('Many')) {
        add(`${typeName}.${name}_connection`, middleware);
      }
    }
  }
  return config;
};

export const registerGraphqlGuard = (strapi: Core.Strapi): void => {
  const extension = strapi.plugin('graphql').service('extension') as unknown as {
    use(configuration: (ctx: { strapi: Core.Strapi }) => { resolversConfig: object }): void;
  };
  extension.use(({ strapi: instance }) => ({ resolversConfig: buildGraphqlGuardConfig(instance) }));
};
