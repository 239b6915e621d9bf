// Every URL and query shape of the assignment area: the paged list, one assignment with its
// relations, create, update and delete (built like a test's, test-authoring's workUrls), and its
// questions (newest first).
import { strapiQuery } from '../../lib/strapi';
import { QUESTIONS_PAGE_SIZE } from '../question-bank';
import { workUrls } from '../test-authoring';

export const ASSIGNMENTS_PAGE_SIZE = 25;

export const assignmentsUrls = {
  ...workUrls('/assignments', ASSIGNMENTS_PAGE_SIZE, {
    name: 'assignment_name',
    start: 'assignment_submission_date',
    end: 'assignment_submission_date',
  }),
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
