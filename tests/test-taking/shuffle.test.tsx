// Shuffled delivery (issue 23): the player shows the questions in the order the server sends and
// each question's options in its `option_order`, labelled A, B, C, D by position, while the answer
// saved (and a practice check's key) stays the option's ORIGINAL letter.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { examDb } from '../../src/features/test-taking/examDb';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import {
  ATTEMPT_ID,
  RESULT_ID,
  examQuestion,
  learner,
  reviewBody,
  serveExam,
} from './examFixtures';

const SLOW = 90000;

/** Serves the attempt with questions 3, 1, 2 and question 3's options in the order c, a, d, b. */
function serveShuffled(practice = false) {
  const exam = serveExam({ questions: 3, practice });
  const orders: Record<string, string[]> = {
    'q-3': ['c', 'a', 'd', 'b'],
    'q-1': ['d', 'c', 'b', 'a'],
  };
  const questions = [3, 1, 2].map((i) => {
    const q = examQuestion(i);
    const order = orders[q.documentId];
    return order ? { ...q, option_order: order } : q;
  });
  server.use(
    http.get('*/api/test/prelims/attempts/:attemptId', () =>
      HttpResponse.json({
        data: {
          test: {
            documentId: 'test-1',
            TestName: 'Test 1',
            instructions: null,
            TestDuration: 60,
            MaximumMarks: '6',
            PassMark: '2',
            pass_mark_unit: 'marks',
            enable_practice_test: practice,
          },
          attempt: {
            documentId: ATTEMPT_ID,
            start_date_time: new Date().toISOString(),
            expires_at: new Date(Date.now() + 3600_000).toISOString(),
            is_practice_test: practice,
          },
          questions,
          answers: exam.answers.map((a) => ({ ...a })),
          serverTime: new Date().toISOString(),
          resumed: true,
        },
      }),
    ),
  );
  return exam;
}

async function openPlayer() {
  renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
  expect(
    await screen.findByRole('heading', { name: 'Question 1 of 3' }, { timeout: 20000 }),
  ).toBeInTheDocument();
}

beforeEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
});

describe('a shuffled attempt in the player', () => {
  it(
    'shows questions and options in the server’s order and saves the original letter',
    async () => {
      const exam = serveShuffled();
      await openPlayer();
      const user = userEvent.setup();
      expect(screen.getByText('Question text 3')).toBeInTheDocument();
      const group = screen.getByRole('radiogroup', { name: 'Answer to question 1' });
      expect(
        within(group)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['A. Answer 3c', 'B. Answer 3a', 'C. Answer 3d', 'D. Answer 3b']);
      // "A" on screen is the original option c: c is saved, for answer 3 (question q-3).
      await user.click(within(group).getByRole('radio', { name: 'A. Answer 3c' }));
      await waitFor(() => expect(exam.saves).toHaveLength(1));
      expect(exam.saves[0]).toMatchObject({ answerId: 'ans-3', selected_answer: 'c' });
      expect(within(group).getByRole('radio', { name: 'A. Answer 3c' })).toBeChecked();

      // The second question on screen is question 1, its options in d, c, b, a.
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Question text 1')).toBeInTheDocument();
      const second = screen.getByRole('radiogroup', { name: 'Answer to question 2' });
      await user.click(within(second).getByRole('radio', { name: 'B. Answer 1c' }));
      await waitFor(() => expect(exam.saves).toHaveLength(2));
      expect(exam.saves[1]).toMatchObject({ answerId: 'ans-1', selected_answer: 'c' });

      // A question without option_order keeps today's order.
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const third = await screen.findByRole('radiogroup', { name: 'Answer to question 3' });
      expect(
        within(third)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['A. Answer 2a', 'B. Answer 2b', 'C. Answer 2c', 'D. Answer 2d']);
    },
    SLOW,
  );

  it(
    'names a practice check’s correct answer by the label the learner saw',
    async () => {
      // The check answers with the original letter b: on screen question 3's b is "D".
      serveShuffled(true);
      await openPlayer();
      const user = userEvent.setup();
      await user.click(screen.getByRole('radio', { name: 'B. Answer 3a' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));
      expect(await screen.findByText('Incorrect')).toBeInTheDocument();
      expect(screen.getByText(/the correct answer is D\./)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'tells the learner their review is in the test’s own order',
    async () => {
      serveExam();
      const body = reviewBody();
      server.use(
        http.get('*/api/test/prelims/results/:resultId', ({ params }) =>
          HttpResponse.json({
            data: {
              ...body.data,
              attempt: { ...body.data.attempt, shuffled: params.resultId === RESULT_ID },
            },
          }),
        ),
      );
      renderApp({ path: `/testcorner/result/${RESULT_ID}`, ...learner });
      expect(
        await screen.findByText(/shown to you in a different order/, undefined, { timeout: 20000 }),
      ).toHaveTextContent("This review uses the test's own order and option letters.");
    },
    SLOW,
  );
});
