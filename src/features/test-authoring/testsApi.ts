// Every URL and query shape of the test area: tests, their duplicates and notifications, the
// sub-categories and second-level sub-categories, and the test search of the pickers.
import { apiClient } from '../../lib/apiClient';
import { strapiQuery, toNumber, type StrapiList, type StrapiOne } from '../../lib/strapi';
import type {
  CourseRef,
  Test,
  TestDetail,
  TestPayload,
  TestSubCategory,
  TestSubCategory2,
  TestSubCategory2Payload,
} from './testTypes';

export const TESTS_PAGE_SIZE = 25;
export const SUB_CATEGORY_2_PAGE_SIZE = 100;
export const PICKER_SEARCH_PAGE_SIZE = 20;

export interface TestListQuery {
  page: number;
  categoryId: string | null;
  subCategoryId: string | null;
  subCategory2Id: string | null;
}

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

export const testsUrls = {
  tests: '/tests',
  testList: ({ page, categoryId, subCategoryId, subCategory2Id }: TestListQuery) =>
    `/tests?${strapiQuery([
      ['filters[test_category][documentId][$eq]', categoryId],
      ['filters[test_sub_category][documentId][$eq]', subCategoryId],
      ['filters[test_sub_category_2][documentId][$eq]', subCategory2Id],
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', TESTS_PAGE_SIZE],
      ...listPopulate,
    ])}`,
  test: (documentId: string) => `/tests/${byId(documentId)}`,
  testDetail: (documentId: string) => `/tests/${byId(documentId)}?${strapiQuery(detailPopulate)}`,
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

export async function getTestsPage(query: TestListQuery): Promise<StrapiList<Test>> {
  const { data } = await apiClient.get<StrapiList<Test>>(testsUrls.testList(query));
  return { ...data, data: data.data.map(mapTest) };
}

export async function getTest(documentId: string): Promise<TestDetail> {
  const { data } = await apiClient.get<StrapiOne<TestDetail>>(testsUrls.testDetail(documentId));
  return mapTest(data.data);
}

export async function postTest(payload: TestPayload): Promise<Test> {
  const { data } = await apiClient.post<StrapiOne<Test>>(testsUrls.tests, { data: payload });
  return mapTest(data.data);
}

export async function putTest(documentId: string, payload: TestPayload): Promise<Test> {
  const { data } = await apiClient.put<StrapiOne<Test>>(testsUrls.test(documentId), {
    data: payload,
  });
  return mapTest(data.data);
}

export async function deleteTest(documentId: string): Promise<void> {
  await apiClient.delete(testsUrls.test(documentId));
}

/** Copies a test with its questions; answers the copy. */
export async function postDuplicateTest(testId: string): Promise<Test> {
  const { data } = await apiClient.post<StrapiOne<Test>>(testsUrls.duplicate, { testId });
  return mapTest(data.data);
}

/** Tells the test's faculty members about it; answers how many were notified. */
export async function postNotifyFaculties(testId: string, message: string): Promise<number> {
  const payload = message.trim() ? { message: message.trim() } : {};
  const { data } = await apiClient.post<StrapiOne<{ notified: number }>>(
    testsUrls.notifyFaculties,
    { payload, testId },
  );
  return toNumber(data.data.notified) ?? 0;
}

export async function searchTests(name: string): Promise<Test[]> {
  const { data } = await apiClient.get<StrapiList<Test>>(testsUrls.testSearch(name));
  return data.data.map(mapTest);
}

export async function searchCourses(name: string): Promise<CourseRef[]> {
  const { data } = await apiClient.get<StrapiList<CourseRef>>(testsUrls.courseSearch(name));
  return data.data;
}

export async function getTestSubCategories(): Promise<TestSubCategory[]> {
  const { data } = await apiClient.get<StrapiList<TestSubCategory>>(testsUrls.subCategories);
  return data.data;
}

export async function getSubCategory2Page(
  page: number,
  subCategoryId: string | null,
): Promise<StrapiList<TestSubCategory2>> {
  const { data } = await apiClient.get<StrapiList<TestSubCategory2>>(
    testsUrls.subCategory2List(page, subCategoryId),
  );
  return data;
}

/** The second-level sub-categories under one sub-category (a picker's options). */
export async function getSubCategory2Options(subCategoryId: string): Promise<TestSubCategory2[]> {
  return (await getSubCategory2Page(1, subCategoryId)).data;
}

export async function postSubCategory2(
  payload: TestSubCategory2Payload,
): Promise<TestSubCategory2> {
  const { data } = await apiClient.post<StrapiOne<TestSubCategory2>>(testsUrls.subCategory2s, {
    data: payload,
  });
  return data.data;
}

export async function deleteSubCategory2(documentId: string): Promise<void> {
  await apiClient.delete(testsUrls.subCategory2(documentId));
}

export async function countTestsInSubCategory2(documentId: string): Promise<number> {
  const { data } = await apiClient.get<StrapiList<Test>>(testsUrls.testsInSubCategory2(documentId));
  return data.meta.pagination?.total ?? data.data.length;
}
