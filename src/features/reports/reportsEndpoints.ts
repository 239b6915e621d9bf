// The reports' calls of a multiple-choice test: its results page and its figures (/api/test-data);
// its scores by subject; a series' leaderboard; a learner's progress (their own, or any learner's
// for staff).
import type { Pagination } from '../../lib/strapi';
import { api } from '../../store/api';
import { reportsUrls } from './reportsUrls';
import type {
  Leaderboard,
  LeaderboardQuery,
  LearnerProgress,
  TestData,
  TestDataQuery,
  TestResultRow,
  TestResultsQuery,
  TestSubjects,
} from './reportsTypes';

export interface TestResultsAnswer {
  rows: TestResultRow[];
  pagination: Pagination | null;
}

export const reportsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    testResults: build.query<TestResultsAnswer, TestResultsQuery>({
      query: reportsUrls.results,
      transformResponse: (answer: {
        data: TestResultRow[];
        meta?: { pagination?: Pagination };
      }) => ({
        rows: answer.data,
        pagination: answer.meta?.pagination ?? null,
      }),
      providesTags: ['Result'],
    }),
    testData: build.query<TestData, TestDataQuery>({
      query: reportsUrls.testData,
      transformResponse: (answer: { data: TestData }) => answer.data,
      providesTags: ['Result'],
    }),
    testSubjects: build.query<TestSubjects, TestDataQuery>({
      query: reportsUrls.subjects,
      transformResponse: (answer: { data: TestSubjects }) => answer.data,
      providesTags: ['Result'],
    }),
    leaderboard: build.query<Leaderboard, LeaderboardQuery>({
      query: reportsUrls.leaderboard,
      transformResponse: (answer: { data: Leaderboard }) => answer.data,
      providesTags: ['Result', 'Category'],
    }),
    /** Staff: whether learners see the series' top 10 by name (a test category's switch). */
    publishLeaderboard: build.mutation<void, { categoryId: string; publish: boolean }>({
      query: ({ categoryId, publish }) => ({
        url: `/test-categories/${encodeURIComponent(categoryId)}`,
        method: 'PUT',
        body: { data: { publish_leaderboard: publish } },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Category']),
    }),
    myProgress: build.query<LearnerProgress, void>({
      query: reportsUrls.myProgress,
      transformResponse: (answer: { data: LearnerProgress }) => answer.data,
      providesTags: ['Result'],
    }),
    learnerProgress: build.query<LearnerProgress, string>({
      query: reportsUrls.learnerProgress,
      transformResponse: (answer: { data: LearnerProgress }) => answer.data,
      providesTags: ['Result'],
    }),
  }),
});

export const {
  useTestResultsQuery,
  useTestDataQuery,
  useTestSubjectsQuery,
  useLeaderboardQuery,
  usePublishLeaderboardMutation,
  useMyProgressQuery,
  useLearnerProgressQuery,
} = reportsEndpoints;
