// Every URL and query shape of the assignment area: the paged list, one assignment with its
// relations, create, update, delete, and its questions (newest first).
import { strapiQuery } from '../../lib/strapi';
import { QUESTIONS_PAGE_SIZE } from '../question-bank';

export const ASSIGNMENTS_PAGE_SIZE = 25;

export interface AssignmentListQuery {
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

export const assignmentsUrls = {
  assignments: '/assignments',
  list: ({ page, categoryId, subCategoryId, subCategory2Id }: AssignmentListQuery) =>
    `/assignments?${strapiQuery([
      ['filters[test_category][documentId][$eq]', categoryId],
      ['filters[test_sub_category][documentId][$eq]', subCategoryId],
      ['filters[test_sub_category_2][documentId][$eq]', subCategory2Id],
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', ASSIGNMENTS_PAGE_SIZE],
      ...listPopulate,
    ])}`,
  assignment: (documentId: string) => `/assignments/${byId(documentId)}`,
  detail: (documentId: string) => `/assignments/${byId(documentId)}?${strapiQuery(detailPopulate)}`,
  questions: (assignmentId: string, page: number) =>
    `/questions?${strapiQuery([
      ['filters[assignment][documentId][$eq]', assignmentId],
      ['populate', 'subject'],
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', QUESTIONS_PAGE_SIZE],
    ])}`,
  question: '/questions',
} as const;
