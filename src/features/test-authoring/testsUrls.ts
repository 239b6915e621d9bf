// Every URL and query shape of the test area: tests, their duplicates and notifications, the
// sub-categories and second-level sub-categories, and the test search of the pickers. The calls
// themselves are in testsEndpoints.ts.
import { strapiQuery, toNumber, type QueryValue } from '../../lib/strapi';
import type { Test, WorkStatus } from './testTypes';

export const TESTS_PAGE_SIZE = 25;
export const SUB_CATEGORY_2_PAGE_SIZE = 100;
export const PICKER_SEARCH_PAGE_SIZE = 20;

/**
 * One page of tests or assignments, filtered by the categories chosen above the list and the
 * list's own filters (issue 23): a name search, a course, a status, and a date range that the
 * window (a test) or the submission date (an assignment) meets.
 */
export interface WorkListQuery {
  page: number;
  categoryId: string | null;
  subCategoryId: string | null;
  subCategory2Id: string | null;
  search?: string;
  courseId?: string | null;
  status?: WorkStatus | null;
  /** The first and last day of the range, as yyyy-mm-dd (local days). */
  from?: string | null;
  to?: string | null;
}

/** The fields of a collection the list's filters read. */
export interface WorkFields {
  name: string;
  /** The window's start and end (a test); one date for both (an assignment's submission date). */
  start: string;
  end: string;
}

const dayStart = (day: string | null | undefined): string | null =>
  day ? new Date(`${day}T00:00:00`).toISOString() : null;
const dayEnd = (day: string | null | undefined): string | null =>
  day ? new Date(`${day}T23:59:59.999`).toISOString() : null;

/** The list's own filters as Strapi query pairs (blank ones are left out by strapiQuery). */
const listFilters = (fields: WorkFields, query: WorkListQuery): Array<[string, QueryValue]> => [
  [`filters[${fields.name}][$containsi]`, query.search?.trim() || null],
  ['filters[course][documentId][$eq]', query.courseId ?? null],
  ['filters[status][$eq]', query.status ?? null],
  // The window meets the range: it ends on or after its first day and starts by its last.
  [`filters[${fields.end}][$gte]`, dayStart(query.from)],
  [`filters[${fields.start}][$lte]`, dayEnd(query.to)],
];

const listPopulate = [
  ['populate[test_category]', 'true'],
  ['populate[test_sub_category]', 'true'],
  ['populate[test_sub_category_2]', 'true'],
  ['populate[course]', 'true'],
] as const;

const detailPopulate = [
  ...listPopulate,
  ['populate[Attachments]', 'true'],
  ['populate[faculties]', 'true'],
  ['populate[batch]', 'true'],
  ['populate[students]', 'true'],
  ['populate[test_language]', 'true'],
  ['populate[subjects]', 'true'],
] as const;

const byId = (documentId: string) => encodeURIComponent(documentId);

/**
 * The URLs and writes of a collection of tests or assignments (`/tests`, `/assignments`): a page
 * of the list, one record with every relation, a create or update, a delete.
 */
export const workUrls = (collection: string, pageSize: number, fields: WorkFields) => ({
  list: (query: WorkListQuery) =>
    `${collection}?${strapiQuery([
      ['filters[test_category][documentId][$eq]', query.categoryId],
      ['filters[test_sub_category][documentId][$eq]', query.subCategoryId],
      ['filters[test_sub_category_2][documentId][$eq]', query.subCategory2Id],
      ...listFilters(fields, query),
      ['sort', 'createdAt:desc'],
      ['pagination[page]', query.page],
      ['pagination[pageSize]', pageSize],
      ...listPopulate,
    ])}`,
  detail: (documentId: string) =>
    `${collection}/${byId(documentId)}?${strapiQuery(detailPopulate)}`,
  /** Creates (no documentId) or updates a record. */
  save: (documentId: string | undefined, payload: object) =>
    documentId
      ? {
          url: `${collection}/${byId(documentId)}`,
          method: 'PUT' as const,
          body: { data: payload },
        }
      : { url: collection, method: 'POST' as const, body: { data: payload } },
  remove: (documentId: string) => ({
    url: `${collection}/${byId(documentId)}`,
    method: 'DELETE' as const,
  }),
  /** Issue 23: publish a draft (400 names what is missing) or close the window now. */
  publish: (documentId: string) => ({
    url: `${collection}/${byId(documentId)}/publish`,
    method: 'POST' as const,
  }),
  close: (documentId: string) => ({
    url: `${collection}/${byId(documentId)}/close`,
    method: 'POST' as const,
  }),
});

export const testsUrls = {
  ...workUrls('/tests', TESTS_PAGE_SIZE, { name: 'TestName', start: 'ValidFrom', end: 'ValidTo' }),
  testSearch: (name: string) =>
    `/tests?${strapiQuery([
      ['filters[TestName][$containsi]', name.trim()],
      ['sort', 'createdAt:desc'],
      ['pagination[pageSize]', PICKER_SEARCH_PAGE_SIZE],
    ])}`,
  testsInSubCategory2: (documentId: string) =>
    `/tests?${strapiQuery([
      ['filters[test_sub_category_2][documentId][$eq]', documentId],
      ['pagination[pageSize]', 1],
    ])}`,
  duplicate: '/duplicate-tests',
  notifyFaculties: '/notify-faculties',
  subCategories: '/test-sub-categories?pagination[pageSize]=100&sort=TestSubCategory:asc',
  subCategory2s: '/test-sub-category-2s',
  subCategory2List: (page: number, subCategoryId: string | null) =>
    `/test-sub-category-2s?${strapiQuery([
      ['filters[test_sub_category][documentId][$eq]', subCategoryId],
      ['populate', 'test_sub_category'],
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', SUB_CATEGORY_2_PAGE_SIZE],
    ])}`,
  subCategory2: (documentId: string) => `/test-sub-category-2s/${byId(documentId)}`,
  courseSearch: (name: string) =>
    `/courses?${strapiQuery([
      ['filters[is_active][$eq]', 'true'],
      ['filters[course_name][$containsi]', name.trim()],
      ['sort', 'createdAt:desc'],
      ['pagination[pageSize]', PICKER_SEARCH_PAGE_SIZE],
    ])}`,
} as const;

/** Numbers in one place: Strapi may send decimals as strings. */
export function mapTest<T extends Test>(raw: T): T {
  return {
    ...raw,
    TestDuration: toNumber(raw.TestDuration),
    Attempts: toNumber(raw.Attempts),
    max_attempts: toNumber(raw.max_attempts),
    MaximumMarks: toNumber(raw.MaximumMarks),
    PassMark: toNumber(raw.PassMark),
  };
}
