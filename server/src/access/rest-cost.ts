import { errors } from '@strapi/utils';
import { QUERY_LIMITS } from '../platform/limits/query-limits';

/**
 * REST `populate` bounds (issue 18 point 5b). Strapi populates every level of a nested populate
 * in full (to-many relations unpaged), so course → tests → course → tests … multiplies the rows
 * at each level: eight levels ran 377 s and used 3 GB. The query string is measured as sent, in
 * every shape Strapi accepts ('a.b.c', ['a','b'], { a: { populate: … } }, '*'), before any
 * controller runs; too deep or too many relations is a 400 with the bound in the message.
 */

interface PopulateSize {
  /** Relations deep the deepest path goes. */
  depth: number;
  /** Relations named, at every depth together ('*' counts one). */
  relations: number;
}

const NONE: PopulateSize = { depth: 0, relations: 0 };
const ONE: PopulateSize = { depth: 1, relations: 1 };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const combine = (sizes: PopulateSize[]): PopulateSize =>
  sizes.reduce(
    (sum, size) => ({
      depth: Math.max(sum.depth, size.depth),
      relations: sum.relations + size.relations,
    }),
    NONE,
  );

const ofPath = (path: string): PopulateSize => {
  const parts = path.split('.').filter((part) => part.trim() !== '');
  return { depth: parts.length, relations: parts.length };
};

/** One relation's entry: true, 'a.b' (its own populate), or { populate, fields, filters, on, … }. */
const ofEntry = (entry: unknown): PopulateSize => {
  if (!isRecord(entry)) {
    if (typeof entry !== 'string' || ['true', 'false', '*'].includes(entry)) {
      return ONE;
    }
    const below = measurePopulate(entry);
    return { depth: 1 + below.depth, relations: 1 + below.relations };
  }
  const below = combine([
    measurePopulate(entry.populate),
    // Dynamic zones / morphs: `on` maps component names to their own populate entries.
    ...(isRecord(entry.on) ? Object.values(entry.on).map((part) => measurePopulate(part)) : []),
  ]);
  return { depth: 1 + below.depth, relations: 1 + below.relations };
};

/** The size of a `populate` parameter as parsed from the query string. */
export const measurePopulate = (populate: unknown): PopulateSize => {
  if (populate === undefined || populate === null || populate === false || populate === 'false') {
    return NONE;
  }
  if (typeof populate === 'string') {
    return combine(populate.split(',').map(ofPath));
  }
  if (Array.isArray(populate)) {
    return combine(populate.map((item) => measurePopulate(item)));
  }
  if (isRecord(populate)) {
    return combine(
      Object.entries(populate).map(([key, value]) => {
        if (key === '*') {
          return ONE;
        }
        return value === false || value === 'false' ? NONE : ofEntry(value);
      }),
    );
  }
  return ONE; // true
};

/** Throws a 400 ValidationError when a REST query's populate is over the bounds. */
export const assertPopulateCost = (populate: unknown): void => {
  const { depth, relations } = measurePopulate(populate);
  if (depth > QUERY_LIMITS.restPopulateDepth) {
    throw new errors.ValidationError(
      `populate goes ${depth} relations deep; at most ${QUERY_LIMITS.restPopulateDepth} are allowed (read the deeper records with a second request).`,
    );
  }
  if (relations > QUERY_LIMITS.restPopulateRelations) {
    throw new errors.ValidationError(
      `populate names ${relations} relations; at most ${QUERY_LIMITS.restPopulateRelations} are allowed.`,
    );
  }
};
