// The test corner's calls through the one API (store/api.ts): the test list and its row actions,
// one test and its save, the second-level sub-categories, and the searches of the pickers.
import { api } from '../../store/api';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import { mapTest, testsUrls, type WorkListQuery } from './testsUrls';
import type {
  CourseRef,
  Test,
  TestDetail,
  TestPayload,
  TestSubCategory,
  TestSubCategory2,
  TestSubCategory2Payload,
} from './testTypes';

const TEST_LIST = { type: 'Test', id: 'LIST' } as const;
const SUB_CATEGORY_2 = { type: 'Category', id: 'SUB2' } as const;

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
      providesTags: [SUB_CATEGORY_2],
    }),
    /** One page of second-level sub-categories, newest first, optionally under one sub-category. */
    subCategory2List: build.query<
      StrapiList<TestSubCategory2>,
      { page: number; subCategoryId: string | null }
    >({
      query: ({ page, subCategoryId }) => testsUrls.subCategory2List(page, subCategoryId),
      providesTags: [SUB_CATEGORY_2],
    }),
    createSubCategory2: build.mutation<TestSubCategory2, TestSubCategory2Payload>({
      query: (payload) => ({
        url: testsUrls.subCategory2s,
        method: 'POST',
        body: { data: payload },
      }),
      transformResponse: (answer: StrapiOne<TestSubCategory2>) => answer.data,
      invalidatesTags: [SUB_CATEGORY_2],
    }),
    /** Deletes one; the server unlinks its tests from their course. */
    deleteSubCategory2: build.mutation<null, string>({
      query: (documentId) => ({ url: testsUrls.subCategory2(documentId), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: [SUB_CATEGORY_2, TEST_LIST],
    }),
    /** How many tests a second-level sub-category holds (told before deleting it). */
    testCountInSubCategory2: build.query<number, string>({
      query: (documentId) => testsUrls.testsInSubCategory2(documentId),
      transformResponse: (answer: StrapiList<Test>) =>
        answer.meta.pagination?.total ?? answer.data.length,
      providesTags: [TEST_LIST],
    }),
    testList: build.query<StrapiList<Test>, WorkListQuery>({
      query: testsUrls.list,
      transformResponse: (answer: StrapiList<Test>) => ({
        ...answer,
        data: answer.data.map(mapTest),
      }),
      providesTags: [TEST_LIST],
    }),
    /** A test with every relation (its page and its form). */
    testDetail: build.query<TestDetail, string>({
      query: testsUrls.detail,
      transformResponse: (answer: StrapiOne<TestDetail>) => mapTest(answer.data),
      providesTags: (_result, _error, documentId) => [{ type: 'Test', id: documentId }],
    }),
    /** Creates (no documentId) or updates a test. */
    saveTest: build.mutation<Test, { documentId?: string; payload: TestPayload }>({
      query: ({ documentId, payload }) => testsUrls.save(documentId, payload),
      transformResponse: (answer: StrapiOne<Test>) => mapTest(answer.data),
      invalidatesTags: (_result, _error, { documentId }) =>
        documentId ? [TEST_LIST, { type: 'Test', id: documentId }] : [TEST_LIST],
    }),
    deleteTest: build.mutation<null, string>({
      query: testsUrls.remove,
      transformResponse: () => null,
      invalidatesTags: [TEST_LIST],
    }),
    /** Publishes a draft (issue 23); a 400 names what it still needs. */
    publishTest: build.mutation<Test, string>({
      query: testsUrls.publish,
      transformResponse: (answer: StrapiOne<Test>) => mapTest(answer.data),
      invalidatesTags: (_result, _error, documentId) => [
        TEST_LIST,
        { type: 'Test', id: documentId },
      ],
    }),
    /** Ends a test's window now (issue 23). */
    closeTest: build.mutation<Test, string>({
      query: testsUrls.close,
      transformResponse: (answer: StrapiOne<Test>) => mapTest(answer.data),
      invalidatesTags: (_result, _error, documentId) => [
        TEST_LIST,
        { type: 'Test', id: documentId },
      ],
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
    /** Tests whose name holds the text (a picker's server search). */
    testSearch: build.query<Test[], string>({
      query: (name) => testsUrls.testSearch(name),
      transformResponse: (answer: StrapiList<Test>) => answer.data.map(mapTest),
      providesTags: [TEST_LIST],
    }),
    /** Active courses whose name holds the text (a picker's server search). */
    courseSearch: build.query<CourseRef[], string>({
      query: (name) => testsUrls.courseSearch(name),
      transformResponse: (answer: StrapiList<CourseRef>) => answer.data,
      providesTags: [{ type: 'Course', id: 'LIST' }],
    }),
  }),
});

export const {
  useTestSubCategoryOptionsQuery,
  useSubCategory2OptionsQuery,
  useSubCategory2ListQuery,
  useCreateSubCategory2Mutation,
  useDeleteSubCategory2Mutation,
  useTestCountInSubCategory2Query,
  useTestListQuery,
  useTestDetailQuery,
  useLazyTestDetailQuery,
  useSaveTestMutation,
  useDeleteTestMutation,
  useDuplicateTestMutation,
  usePublishTestMutation,
  useCloseTestMutation,
  useNotifyFacultiesMutation,
  useTestSearchQuery,
  useCourseSearchQuery,
} = testsEndpoints;
