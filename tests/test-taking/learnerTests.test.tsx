import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { examDb } from '../../src/features/test-taking/examDb';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import {
  ATTEMPT_ID,
  RESULT_ID,
  learner,
  myTest,
  reviewBody,
  reviewLine,
  serveExam,
} from './examFixtures';

const SLOW = 90000;

function serveMyTests(items: ReturnType<typeof myTest>[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/test/prelims/my-tests', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json({
        data: items,
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: items.length } },
      });
    }),
  );
  return queries;
}

const listItem = (name: string) =>
  within(screen.getByRole('list', { name: 'Your tests' })).getByRole('listitem', { name });

afterEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
});

describe("the learner's tests", () => {
  it(
    'lists each test with its status, window, attempts and what the learner may do',
    async () => {
      const queries = serveMyTests([
        myTest(1),
        myTest(2, {
          status: 'attempted',
          lastResultId: 'result-2',
          attemptsLeft: 0,
          max_attempts: 1,
        }),
        myTest(3, { openAttemptId: 'attempt-3', attemptsLeft: null, enable_practice_test: true }),
        myTest(4, { isOpen: false, ValidFrom: '2099-01-01T00:00:00.000Z', ValidTo: null }),
        myTest(5, { isOpen: false, ValidFrom: null, ValidTo: '2026-01-02T00:00:00.000Z' }),
      ]);
      renderApp({ path: '/testcorner', ...learner });
      await screen.findByRole('list', { name: 'Your tests' }, { timeout: 20000 });
      expect(queries[0]?.get('page')).toBe('1');
      expect(queries[0]?.get('pageSize')).toBe('25');
      expect(queries[0]?.has('courseId')).toBe(false);

      const first = listItem('Test 1');
      expect(within(first).getByText('Unattempted')).toBeInTheDocument();
      expect(
        within(first).getByText(/60 min · Maximum marks 50 · 2 of 3 attempts left/),
      ).toBeInTheDocument();
      expect(within(first).getByText(/^Opens .* · Closes /)).toBeInTheDocument();
      expect(within(first).getByRole('link', { name: 'Start test Test 1' })).toHaveAttribute(
        'href',
        '/testcorner/test-1/start',
      );

      const second = listItem('Test 2');
      expect(within(second).getByText('Attempted')).toBeInTheDocument();
      expect(within(second).getByText(/0 of 1 attempt left/)).toBeInTheDocument();
      expect(within(second).getByText('No attempts left')).toBeInTheDocument();
      expect(within(second).getByRole('link', { name: 'View result of Test 2' })).toHaveAttribute(
        'href',
        '/testcorner/result/result-2',
      );
      expect(within(second).queryByRole('link', { name: /Start test/ })).not.toBeInTheDocument();

      const third = listItem('Test 3');
      expect(within(third).getByText('Practice')).toBeInTheDocument();
      expect(within(third).getByText(/Unlimited attempts/)).toBeInTheDocument();
      expect(within(third).getByRole('link', { name: 'Resume Test 3' })).toHaveAttribute(
        'href',
        '/testcorner/attempt/attempt-3',
      );

      expect(within(listItem('Test 4')).getByText(/^Opens on /)).toBeInTheDocument();
      expect(within(listItem('Test 5')).getByText('Closed')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows a learner a course's tests with the same actions",
    async () => {
      const queries = serveMyTests([myTest(1)]);
      server.use(
        http.get('*/api/courses/:documentId', () =>
          HttpResponse.json({
            data: {
              id: 1,
              documentId: 'course-1',
              course_name: 'Course 1',
              is_public: true,
              is_active: true,
              subjects: [],
              batches: [],
              tests: [],
              assignments: [],
            },
            meta: {},
          }),
        ),
        http.get('*/api/subjects', () =>
          HttpResponse.json({
            data: [],
            meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } },
          }),
        ),
      );
      renderApp({ path: '/course/course-1', ...learner });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('tab', { name: 'Tests' }, { timeout: 20000 }));
      expect(await screen.findByRole('link', { name: 'Start test Test 1' })).toBeInTheDocument();
      expect(queries.at(-1)?.get('courseId')).toBe('course-1');
    },
    SLOW,
  );

  it(
    'shows the instructions, starts the test and opens the player',
    async () => {
      serveMyTests([myTest(1)]);
      serveExam();
      const starts: unknown[] = [];
      server.use(
        http.get('*/api/tests/:documentId', () =>
          HttpResponse.json({
            data: {
              id: 1,
              documentId: 'test-1',
              TestName: 'Test 1',
              Description: null,
              instructions: 'No calculators.',
              TestDuration: 60,
              MaximumMarks: '50.00',
              PassMark: '40',
              pass_mark_unit: 'percent',
              enable_practice_test: false,
              ValidFrom: null,
              ValidTo: null,
              max_attempts: 3,
            },
            meta: {},
          }),
        ),
        http.post('*/api/test/prelims/initialize', async ({ request }) => {
          starts.push(await request.json());
          return starts.length === 1
            ? HttpResponse.json(
                {
                  data: null,
                  error: {
                    status: 403,
                    name: 'ForbiddenError',
                    message: 'You have used all 3 attempt(s) of this test.',
                    details: {},
                  },
                },
                { status: 403 },
              )
            : HttpResponse.json(
                {
                  data: {
                    test: { documentId: 'test-1', TestName: 'Test 1' },
                    attempt: { documentId: ATTEMPT_ID },
                    questions: [],
                    answers: [],
                    serverTime: new Date().toISOString(),
                    resumed: false,
                  },
                },
                { status: 201 },
              );
        }),
      );
      renderApp({ path: '/testcorner', ...learner });
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('link', { name: 'Start test Test 1' }, { timeout: 20000 }),
      );
      expect(await screen.findByRole('heading', { name: 'Test 1', level: 1 })).toBeInTheDocument();
      expect(screen.getByText('No calculators.')).toBeInTheDocument();
      expect(screen.getByText('60 min')).toBeInTheDocument();
      expect(screen.getByText('40%')).toBeInTheDocument();
      expect(screen.getByText('2 of 3 attempts left')).toBeInTheDocument();
      expect(screen.getByText(/negative marking/)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Start test' }));
      expect(
        await screen.findByText('You have used all 3 attempt(s) of this test.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Start test' }));
      expect(
        await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(starts).toEqual([
        { testId: 'test-1', mode: 'scored' },
        { testId: 'test-1', mode: 'scored' },
      ]);
      expect(window.location.pathname).toBe(`/testcorner/attempt/${ATTEMPT_ID}`);
    },
    SLOW,
  );

  it(
    'shows a result: score, pass, counts, time, rank, percentile and the review',
    async () => {
      serveExam();
      renderApp({ path: `/testcorner/result/${RESULT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Score 34.5 / 50')).toHaveTextContent('34.5 / 50');
      expect(screen.getByText('Passed')).toBeInTheDocument();
      const figure = (term: string) => screen.getByText(term).nextElementSibling;
      expect(figure('Correct')).toHaveTextContent('18');
      expect(figure('Incorrect')).toHaveTextContent('3');
      expect(figure('Unanswered')).toHaveTextContent('4');
      expect(figure('Time taken')).toHaveTextContent('32 min 5 s');
      expect(figure('Rank')).toHaveTextContent('3 of 41');
      expect(figure('Percentile')).toHaveTextContent('93.9');

      const review = screen.getByRole('list', { name: 'Review' });
      const items = within(review).getAllByRole('listitem', { name: /^Question \d$/ });
      expect(items).toHaveLength(3);
      const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
      expect(
        within(first).getByText(reviewLine('B. Answer 1b (your answer, correct answer)')),
      ).toBeInTheDocument();
      expect(within(first).getByText('Points +2')).toBeInTheDocument();
      expect(within(first).getByText('Because of 1')).toBeInTheDocument();
      expect(
        within(second).getByText(reviewLine('A. Answer 2a (your answer)')),
      ).toBeInTheDocument();
      expect(
        within(second).getByText(reviewLine('C. Answer 2c (correct answer)')),
      ).toBeInTheDocument();
      expect(within(second).getByText('Points −0.5')).toBeInTheDocument();
      expect(within(third).getByText('Not answered')).toBeInTheDocument();
      expect(within(third).getByText('Points 0')).toBeInTheDocument();
      await waitFor(() => expect(window.location.pathname).toBe(`/testcorner/result/${RESULT_ID}`));
    },
    SLOW,
  );

  it(
    'a review without the answer key: own answers and score, no key, no points, and why',
    async () => {
      serveExam();
      server.use(
        http.get('*/api/test/prelims/results/:resultId', () => HttpResponse.json(reviewBody(true))),
      );
      renderApp({ path: `/testcorner/result/${RESULT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Score 34.5 / 50')).toBeInTheDocument();
      expect(
        screen.getByText(
          'The answer key is shown after your last attempt of this test, or when the test closes.',
        ),
      ).toBeInTheDocument();
      const review = screen.getByRole('list', { name: 'Review' });
      const [first, second] = within(review).getAllByRole('listitem', {
        name: /^Question \d$/,
      }) as [HTMLElement, HTMLElement];
      expect(within(first).getByText(reviewLine('B. Answer 1b (your answer)'))).toBeInTheDocument();
      expect(
        within(second).getByText(reviewLine('A. Answer 2a (your answer)')),
      ).toBeInTheDocument();
      expect(within(review).queryByText(/correct answer/)).toBeNull();
      expect(within(review).queryByText(/^Points/)).toBeNull();
      expect(within(review).queryByText('Because of 1')).toBeNull();
    },
    SLOW,
  );
});
