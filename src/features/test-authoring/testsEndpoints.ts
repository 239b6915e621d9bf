// The test corner's calls through the one API (store/api.ts): the test list and its row actions.
import { api } from '../../store/api';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import { mapTest, testsUrls, type TestListQuery } from './testsApi';
import type { Test, TestSubCategory, TestSubCategory2 } from './testTypes';

const TEST_LIST = { type: 'Test', id: 'LIST' } as const;

export const testsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    testSubCategoryOptions: build.query<TestSubCategory[], void>({
      query: () => testsUrls.subCategories,
      transformResponse: (answer: StrapiList<TestSubCategory>) => answer.data,
      providesTags: [{ type: 'Category', id: 'SUB' }],
    }),
    /** The second-level sub-categories under one sub-category (a picker's options). */
    subCategory2Options: build.query<TestSubCategory2[], string>({
      query: (subCategoryId) => testsUrls.subCategory2List(1, subCategoryId),
      transformResponse: (answer: StrapiList<TestSubCategory2>) => answer.data,
      providesTags: [{ type: 'Category', id: 'SUB2' }],
    }),
    testList: build.query<StrapiList<Test>, TestListQuery>({
      query: (query) => testsUrls.testList(query),
      transformResponse: (answer: StrapiList<Test>) => ({
        ...answer,
        data: answer.data.map(mapTest),
      }),
      providesTags: [TEST_LIST],
    }),
    deleteTest: build.mutation<null, string>({
      query: (documentId) => ({ url: testsUrls.test(documentId), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: [TEST_LIST],
    }),
    /** Copies a test with its questions; answers the copy. */
    duplicateTest: build.mutation<Test, string>({
      query: (testId) => ({ url: testsUrls.duplicate, method: 'POST', body: { testId } }),
      transformResponse: (answer: StrapiOne<Test>) => mapTest(answer.data),
      invalidatesTags: [TEST_LIST],
    }),
    /** Tells the test's faculty members about it; answers how many were notified. */
    notifyFaculties: build.mutation<number, { testId: string; message: string }>({
      query: ({ testId, message }) => ({
        url: testsUrls.notifyFaculties,
        method: 'POST',
        body: { payload: message.trim() ? { message: message.trim() } : {}, testId },
      }),
      transformResponse: (answer: StrapiOne<{ notified: number | string }>) =>
        Number(answer.data.notified) || 0,
    }),
  }),
});

export const {
  useTestSubCategoryOptionsQuery,
  useSubCategory2OptionsQuery,
  useTestListQuery,
  useDeleteTestMutation,
  useDuplicateTestMutation,
  useNotifyFacultiesMutation,
} = testsEndpoints;
