// Issue 23 on the learner's screens: the start page offers "Start test" (scored) and "Practice"
// where the test enables practice, each saying what it means, and sends the chosen mode; the
// result page says when a withheld score and withheld answers will be shown.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { ATTEMPT_ID, RESULT_ID, learner, reviewBody, serveExam } from './examFixtures';

const SLOW = 90000;

function serveBrief(practice: boolean) {
  const starts: unknown[] = [];
  server.use(
    http.get('*/api/tests/:testId', () =>
      HttpResponse.json({
        data: {
          documentId: 'test-1',
          TestName: 'Test 1',
          Description: null,
          instructions: null,
          TestDuration: 60,
          MaximumMarks: '50.00',
          PassMark: '20',
          pass_mark_unit: 'marks',
          enable_practice_test: practice,
          ValidFrom: null,
          ValidTo: null,
          max_attempts: 1,
          max_practice_attempts: practice ? 4 : null,
        },
        meta: {},
      }),
    ),
    http.post('*/api/test/prelims/initialize', async ({ request }) => {
      starts.push(await request.json());
      return HttpResponse.json(
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
  return starts;
}

describe('practice and scored starts (issue 23)', () => {
  it(
    'offers both where practice is enabled, each explained, and sends the chosen mode',
    async () => {
      serveExam();
      const starts = serveBrief(true);
      renderApp({ path: '/testcorner/test-1/start', ...learner });
      const practice = await screen.findByRole('button', { name: 'Practice' }, { timeout: 20000 });
      const scored = screen.getByRole('button', { name: 'Start test' });
      expect(scored).toHaveAccessibleDescription(/Scored: your marks count/);
      expect(practice).toHaveAccessibleDescription(/Not scored: check each answer as you go/);
      expect(practice).toHaveAccessibleDescription(/practice: 4 allowed, not counted/);
      await userEvent.setup().click(practice);
      expect(
        await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(starts).toEqual([{ testId: 'test-1', mode: 'practice' }]);
    },
    SLOW,
  );

  it(
    'offers only "Start test" where the test has no practice',
    async () => {
      const starts = serveBrief(false);
      serveExam();
      renderApp({ path: '/testcorner/test-1/start', ...learner });
      const scored = await screen.findByRole('button', { name: 'Start test' }, { timeout: 20000 });
      expect(screen.queryByRole('button', { name: 'Practice' })).toBeNull();
      await userEvent.setup().click(scored);
      await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 });
      expect(starts).toEqual([{ testId: 'test-1', mode: 'scored' }]);
    },
    SLOW,
  );
});

describe('a result whose score is not shown yet (issue 23)', () => {
  it(
    'says when the score and the answers will be shown, and shows no marks',
    async () => {
      serveExam();
      const body = reviewBody();
      server.use(
        http.get('*/api/test/prelims/results/:resultId', () =>
          HttpResponse.json({
            data: {
              ...body.data,
              result: {
                ...body.data.result,
                total_marks: null,
                passed: null,
                correct_count: null,
                incorrect_count: null,
                unanswered_count: null,
              },
              rank: null,
              outOf: null,
              percentile: null,
              review: {
                answerKeyShown: false,
                message: 'The answer key is shown when the test closes.',
                scoreShown: false,
                scoreMessage:
                  'Your score is shown when the test closes on 2026-12-01T10:00:00.000Z.',
                answersShown: false,
                answersMessage: 'Your answers are shown when the test closes.',
              },
              questions: body.data.questions.map((q) => ({ ...q, selected_answer: null })),
            },
          }),
        ),
      );
      renderApp({ path: `/testcorner/result/${RESULT_ID}`, ...learner });
      expect(
        await screen.findByText(/Your score is shown when the test closes on/, undefined, {
          timeout: 20000,
        }),
      ).toBeInTheDocument();
      expect(screen.getByText('Not shown yet')).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Score /)).toBeNull();
      expect(screen.queryByText('Passed')).toBeNull();
      expect(screen.getByText('Your answers are shown when the test closes.')).toBeInTheDocument();
      expect(screen.queryByText('Not answered')).toBeNull();
      expect(screen.queryByText(/^Points /)).toBeNull();
    },
    SLOW,
  );
});
