import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Caller } from './caller';
import { FILE_UID, isRecord, modelOf, targetOf, type ModelLike } from './model';
import { isLearnerLike, mayQueryInside, readScope, unqueryableFields, type Filters } from './rules';

const LOGICAL = new Set(['$and', '$or', '$not', 'and', 'or', 'not']);
const POPULATABLE = new Set(['relation', 'media', 'component', 'dynamiczone']);

const invalidKey = (key: string): never => {
  throw new errors.ValidationError(`Invalid key ${key}`);
};

/**
 * Refuses filters on fields the caller may not see (e.g. a learner filtering questions by
 * `correct_answer` would learn the key without ever receiving it). Accepts Strapi's filter syntax
 * ($and, $eq, …) and GraphQL's (and, eq, …), at any depth through relations.
 */
export const assertFiltersAllowed = (
  strapi: Core.Strapi,
  caller: Caller,
  model: ModelLike,
  filters: unknown,
  idsOnly = false,
): void => {
  if (Array.isArray(filters)) {
    filters.forEach((item) => assertFiltersAllowed(strapi, caller, model, item, idsOnly));
    return;
  }
  if (!isRecord(filters)) {
    return;
  }
  const hidden = unqueryableFields(caller, model.uid);
  for (const [key, value] of Object.entries(filters)) {
    if (LOGICAL.has(key)) {
      assertFiltersAllowed(strapi, caller, model, value, idsOnly);
      continue;
    }
    const attribute = model.attributes[key];
    if (!attribute) {
      continue; // an operator ($eq, $in, …) or id: nothing below it names attributes
    }
    if (hidden.includes(key) || (idsOnly && key !== 'documentId')) {
      invalidKey(key);
    }
    const target = targetOf(attribute);
    const targetModel = target ? modelOf(strapi, target) : null;
    if (target && targetModel) {
      assertFiltersAllowed(strapi, caller, targetModel, value, !mayQueryInside(caller, target));
    }
  }
};

const sortPaths = (sort: unknown, prefix: string[] = []): string[][] => {
  if (typeof sort === 'string') {
    return sort
      .split(',')
      .map((part) => part.trim().split(':')[0])
      .filter(Boolean)
      .map((path) => [...prefix, ...path.split('.')]);
  }
  if (Array.isArray(sort)) {
    return sort.flatMap((item) => sortPaths(item, prefix));
  }
  if (isRecord(sort)) {
    return Object.entries(sort).flatMap(([key, value]) =>
      isRecord(value) ? sortPaths(value, [...prefix, key]) : [[...prefix, key]],
    );
  }
  return [];
};

/** Refuses sorting on hidden fields (sorting leaks their order, e.g. of the answer key). */
export const assertSortAllowed = (
  strapi: Core.Strapi,
  caller: Caller,
  model: ModelLike,
  sort: unknown,
): void => {
  for (const path of sortPaths(sort)) {
    let current: ModelLike | null = model;
    let idsOnly = false;
    for (const key of path) {
      if (!current) {
        break;
      }
      if (
        unqueryableFields(caller, current.uid).includes(key) ||
        (idsOnly && key !== 'id' && key !== 'documentId')
      ) {
        invalidKey(key);
      }
      const target = targetOf(current.attributes[key]);
      idsOnly = target !== null && !mayQueryInside(caller, target);
      current = target ? modelOf(strapi, target) : null;
    }
  }
};

type PopulateTree = Record<string, unknown>;

const allPopulatable = (model: ModelLike): PopulateTree =>
  Object.fromEntries(
    Object.entries(model.attributes)
      .filter(([, attribute]) => POPULATABLE.has(attribute.type))
      .map(([key]) => [key, true]),
  );

const pathsToTree = (model: ModelLike, paths: string[]): PopulateTree => {
  const tree: PopulateTree = {};
  for (const raw of paths) {
    const path = raw.trim();
    if (!path) {
      continue;
    }
    if (path === '*') {
      Object.assign(tree, { ...allPopulatable(model), ...tree });
      continue;
    }
    const [head, ...rest] = path.split('.');
    if (rest.length === 0) {
      tree[head] ??= true;
      continue;
    }
    const existing = tree[head];
    const entry: Record<string, unknown> = isRecord(existing) ? existing : {};
    const nested = entry.populate;
    const nestedPaths = Array.isArray(nested)
      ? nested.filter((p): p is string => typeof p === 'string')
      : [];
    entry.populate = [...nestedPaths, rest.join('.')];
    tree[head] = entry;
  }
  return tree;
};

/** Any of Strapi's populate shapes ('*', 'a,b.c', ['a'], { a: true, b: { populate } }) as an object. */
const normalizePopulate = (model: ModelLike, populate: unknown): PopulateTree | null => {
  if (populate === undefined || populate === null || populate === false || populate === 'false') {
    return null;
  }
  if (populate === true || populate === 'true' || populate === '*') {
    return allPopulatable(model);
  }
  if (typeof populate === 'string') {
    return pathsToTree(model, populate.split(','));
  }
  if (Array.isArray(populate)) {
    if (!populate.every((p): p is string => typeof p === 'string')) {
      throw new errors.ValidationError('Invalid populate');
    }
    return pathsToTree(
      model,
      populate.flatMap((p) => p.split(',')),
    );
  }
  if (isRecord(populate)) {
    const tree: PopulateTree = { ...populate };
    if ('*' in tree) {
      delete tree['*'];
      return { ...allPopulatable(model), ...tree };
    }
    return tree;
  }
  throw new errors.ValidationError('Invalid populate');
};

const andFilters = (existing: unknown, scope: Filters): Filters =>
  existing === undefined || existing === null ? scope : { $and: [existing, scope] };

/**
 * Returns `populate` with the caller's read scope added to every populated relation, at every
 * depth, after refusing filters and sorts on hidden fields inside it.
 */
export const scopePopulate = async (
  strapi: Core.Strapi,
  caller: Caller,
  model: ModelLike,
  populate: unknown,
): Promise<unknown> => {
  const tree = normalizePopulate(model, populate);
  if (!tree) {
    return populate;
  }
  const scoped: PopulateTree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (value === false || value === 'false') {
      continue;
    }
    const target = targetOf(model.attributes[key]);
    const targetModel = target ? modelOf(strapi, target) : null;
    if (!target || !targetModel) {
      scoped[key] = value; // scalar, component or unknown key: Strapi validates it
      continue;
    }
    const entry: Record<string, unknown> = isRecord(value) ? { ...value } : {};
    if ('on' in entry) {
      scoped[key] = value; // morph / dynamic-zone fragments: none in our models
      continue;
    }
    assertFiltersAllowed(strapi, caller, targetModel, entry.filters);
    assertSortAllowed(strapi, caller, targetModel, entry.sort);
    const scope = await readScope(caller, target);
    if (scope) {
      entry.filters = andFilters(entry.filters, scope);
    }
    if (target === FILE_UID && isLearnerLike(caller)) {
      delete entry.populate; // a file's `related` would list every record using it
    }
    if (entry.populate !== undefined) {
      entry.populate = await scopePopulate(strapi, caller, targetModel, entry.populate);
    }
    scoped[key] = Object.keys(entry).length > 0 ? entry : true;
  }
  return scoped;
};

export interface QueryParams {
  filters?: unknown;
  sort?: unknown;
  populate?: unknown;
  [key: string]: unknown;
}

/**
 * Guards the read part of document-service params: hidden fields cannot be filtered or sorted on,
 * populated relations are scoped, and (when `scopeRows`) the caller's read scope is added to the
 * top-level filters.
 */
export const guardQueryParams = async (
  strapi: Core.Strapi,
  caller: Caller,
  model: ModelLike,
  params: QueryParams,
  scopeRows: boolean,
): Promise<void> => {
  assertFiltersAllowed(strapi, caller, model, params.filters);
  assertSortAllowed(strapi, caller, model, params.sort);
  if (params.populate !== undefined) {
    params.populate = await scopePopulate(strapi, caller, model, params.populate);
  }
  if (scopeRows) {
    const scope = await readScope(caller, model.uid);
    if (scope) {
      params.filters = andFilters(params.filters, scope);
    }
  }
};
