// Strapi 5-shaped records of the test area, and msw helpers that record what was asked.
import { http, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { categories, list, pagination } from '../courses/courseFixtures';

export { categories, list, pagination };

export const subCategories = [
  { id: 1, documentId: 'sub-prelims', TestSubCategory: 'Prelims' },
  { id: 2, documentId: 'sub-mains', TestSubCategory: 'Mains' },
];

export const secondLevel = [
  {
    id: 1,
    documentId: 'sub2-gs1',
    test_sub_category_2: 'GS Paper 1',
    type: 'objective',
    test_sub_category: subCategories[0],
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 2,
    documentId: 'sub2-csat',
    test_sub_category_2: 'CSAT',
    type: 'objective',
    test_sub_category: subCategories[0],
    createdAt: '2026-11-19T10:00:00.000Z',
  },
];

export function test(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: index,
    documentId: `test-${index}`,
    TestName: `Test ${index}`,
    Description: `About test ${index}`,
    TestDuration: 60,
    enable_practice_test: false,
    instructions: 'Answer every question.',
    Attempts: 0,
    ValidFrom: '2026-12-01T04:30:00.000Z',
    ValidTo: '2026-12-31T04:30:00.000Z',
    // PostgreSQL sends decimals as strings.
    MaximumMarks: '50.00',
    PassMark: '20',
    pass_mark_unit: 'marks',
    review_answer_key: 'after_last_attempt',
    test_category: categories[0],
    test_sub_category: subCategories[0],
    test_sub_category_2: secondLevel[0],
    course: { id: 1, documentId: 'course-1', course_name: 'Course 1' },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

export function testDetail(index: number, extra: Record<string, unknown> = {}) {
  return {
    ...test(index),
    Attachments: [],
    faculties: [{ id: 7, documentId: 'fac-7', FacultyName: 'Dr. Meera Iyer' }],
    batch: null,
    students: [],
    test_language: null,
    subjects: [],
    ...extra,
  };
}

export function question(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: index,
    documentId: `q-${index}`,
    question: `Question text ${index}`,
    option_a: `Answer ${index}a`,
    option_b: `Answer ${index}b`,
    option_c: `Answer ${index}c`,
    option_d: `Answer ${index}d`,
    correct_answer: 'b',
    points_correct_answer: '2.00',
    points_incorrect_answer: '-0.5',
    question_type: 'MCQ',
    explanation: `Because of ${index}`,
    subject: { id: 21, documentId: 'subject-polity', SubjectName: 'Polity' },
    ...extra,
  };
}

export function serveFilterLists() {
  const secondLevelQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/test-categories', () => HttpResponse.json(list(categories))),
    http.get('*/api/test-sub-categories', () => HttpResponse.json(list(subCategories))),
    http.get('*/api/test-sub-category-2s', ({ request }) => {
      const params = new URL(request.url).searchParams;
      secondLevelQueries.push(params);
      const parent = params.get('filters[test_sub_category][documentId][$eq]');
      const items = secondLevel.filter(
        (item) => !parent || item.test_sub_category?.documentId === parent,
      );
      return HttpResponse.json(list(items));
    }),
  );
  return { secondLevelQueries };
}

/** A test's page: the test and its questions (pages of `perPage`), recording question queries. */
export function serveTestPage(
  detail: ReturnType<typeof testDetail>,
  questions: ReturnType<typeof question>[],
  perPage = 100,
) {
  const questionQueries: URLSearchParams[] = [];
  let current = [...questions];
  server.use(
    http.get('*/api/tests/:documentId', ({ params }) =>
      params.documentId === detail.documentId
        ? HttpResponse.json({ data: detail, meta: {} })
        : HttpResponse.json(
            { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
            { status: 404 },
          ),
    ),
    http.get('*/api/questions', ({ request }) => {
      const params = new URL(request.url).searchParams;
      questionQueries.push(params);
      const page = Number(params.get('pagination[page]') ?? 1);
      const items = current.slice((page - 1) * perPage, page * perPage);
      return HttpResponse.json(list(items, pagination(page, perPage, current.length)));
    }),
  );
  return {
    questionQueries,
    setQuestions: (next: ReturnType<typeof question>[]) => {
      current = next;
    },
  };
}
