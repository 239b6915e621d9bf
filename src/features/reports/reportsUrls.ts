// The reports' URLs (docs/api.md "Reports (issue 22)", /tmp contract for the export).
import { strapiQuery } from '../../lib/strapi';
import type { LeaderboardQuery, TestDataQuery, TestResultsQuery } from './reportsTypes';

export const TEST_RESULTS_PAGE_SIZE = 25;
export const LEADERBOARD_PAGE_SIZE = 25;

const byId = (id: string) => encodeURIComponent(id);

const filters = (query: Omit<TestResultsQuery, 'documentId' | 'page'>) =>
  [
    ['sort', query.sort],
    ['search', query.search.trim()],
    ['batchId', query.batchId],
    ['attempt', query.attempt],
  ] as const;

export const reportsUrls = {
  results: ({ documentId, page, ...rest }: TestResultsQuery) =>
    `/reports/tests/${byId(documentId)}/results?${strapiQuery([
      ['page', page],
      ['pageSize', TEST_RESULTS_PAGE_SIZE],
      ...filters(rest),
    ])}`,
  export: ({ documentId, ...rest }: Omit<TestResultsQuery, 'page'>) =>
    `/reports/tests/${byId(documentId)}/results/export?${strapiQuery(filters(rest))}`,
  testData: ({ documentId, batchId, attempt }: TestDataQuery) =>
    `/test-data?${strapiQuery([
      ['testId', documentId],
      ['attempt', attempt],
      ['batchId', batchId],
    ])}`,
  subjects: ({ documentId, batchId, attempt }: TestDataQuery) =>
    `/reports/tests/${byId(documentId)}/subjects?${strapiQuery([
      ['attempt', attempt],
      ['batchId', batchId],
    ])}`,
  leaderboard: ({ categoryId, page }: LeaderboardQuery) =>
    `/reports/leaderboard?${strapiQuery([
      ['categoryId', categoryId],
      ['page', page],
      ['pageSize', LEADERBOARD_PAGE_SIZE],
    ])}`,
  myProgress: () => '/reports/my-progress',
  learnerProgress: (studentDocumentId: string) =>
    `/reports/learners/${byId(studentDocumentId)}/progress`,
} as const;
