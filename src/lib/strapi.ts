// The one place that knows Strapi's answer shapes. Strapi 5 answers flat records
// ({ data: { id, documentId, ...fields }, meta }) and errors as { data: null, error: { status, name, message } }.

export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  /** The pool's search (issue 26): more than `total` match; the server stopped counting. */
  more?: boolean;
}

export interface StrapiList<T> {
  data: T[];
  meta: { pagination?: Pagination };
}

export interface StrapiOne<T> {
  data: T;
  meta?: Record<string, unknown>;
}

/** What every failed call is rejected with: the server's error body, or a network failure. */
export interface ApiError {
  status: number | null;
  name: string;
  message: string;
  details?: unknown;
}

export const WRONG_SERVICES = 'Wrong Services';
/** What a person is told when a failure carries no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Turns whatever a failed call produced (Strapi error body, plain text, nothing) into an ApiError. */
export function toApiError(body: unknown, status: number | null): ApiError {
  if (isRecord(body) && isRecord(body.error)) {
    const e = body.error;
    return {
      status: typeof e.status === 'number' ? e.status : status,
      name: typeof e.name === 'string' ? e.name : 'Error',
      message: typeof e.message === 'string' && e.message ? e.message : GENERIC_ERROR_MESSAGE,
      details: e.details,
    };
  }
  if (isRecord(body) && typeof body.message === 'string') {
    return { status, name: 'Error', message: body.message };
  }
  if (typeof body === 'string' && body.length > 0) {
    return { status, name: 'Error', message: body };
  }
  if (status === null) {
    return { status: null, name: 'NetworkError', message: WRONG_SERVICES };
  }
  return { status, name: 'Error', message: GENERIC_ERROR_MESSAGE };
}

export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value.message === 'string' && 'status' in value;
}

/** Message to show a person for any rejected value. */
export function errorMessage(value: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (isApiError(value))
    return value.message && value.message !== GENERIC_ERROR_MESSAGE ? value.message : fallback;
  if (value instanceof Error && value.message) return value.message;
  if (typeof value === 'string' && value) return value;
  return fallback;
}

export type QueryValue = string | number | boolean | null | undefined;

/**
 * A Strapi query string from ordered [key, value] pairs: keys keep their brackets
 * (`filters[course_name][$containsi]`), values are URI-encoded, and empty values are left out.
 */
export function strapiQuery(pairs: ReadonlyArray<readonly [string, QueryValue]>): string {
  return pairs
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/**
 * A picker's search of one collection by the text of its name field: only that field, in name
 * order, one page of `pageSize` (the batches' faculty picker, the faculties' subject picker).
 */
export const nameSearchUrl = (collection: string, field: string, name: string, pageSize: number) =>
  `${collection}?${strapiQuery([
    [`filters[${field}][$containsi]`, name.trim()],
    ['fields[0]', field],
    ['sort', `${field}:asc`],
    ['pagination[pageSize]', pageSize],
  ])}`;

/** `name[0]=a&name[1]=b` pairs for a list filter such as `filters[documentId][$in]`. */
export function listPairs(key: string, values: readonly string[]): Array<[string, string]> {
  return values.map((value, index) => [`${key}[${index}]`, value]);
}

/**
 * A number from a Strapi field: decimals arrive as strings on PostgreSQL ("50.00"), and absent
 * fields as null. Anything that is not a finite number becomes null.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}
