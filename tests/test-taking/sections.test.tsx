// Sections with their own timers (issue 23) in the player: the section tabs (current marked,
// closed and not-yet-open ones disabled in fixed order), the section's time next to the overall
// time, the palette and the question count limited to the current section, "Next section" with a
// confirmation, and the move the server makes when a section's time ends, announced politely.
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

type State = 'current' | 'closed' | 'available' | 'upcoming';

/** The attempt as the server sends it, in section `current` (fixed order: later ones withheld). */
function attemptBody(
  exam: ReturnType<typeof serveExam>,
  current: number,
  endsInMs: number,
  fixedOrder = true,
) {
  const states: State[] = [0, 1].map((i) =>
    i === current ? 'current' : i < current ? 'closed' : fixedOrder ? 'upcoming' : 'available',
  );
  const questions = [1, 2, 3, 4]
    .map((i) => ({ ...examQuestion(i), section: i <= 2 ? 0 : 1 }))
    .filter((q) => !fixedOrder || q.section <= current);
  return {
    data: {
      test: {
        documentId: 'test-1',
        TestName: 'Sectioned test',
        instructions: null,
        TestDuration: 30,
        MaximumMarks: '4',
        PassMark: '1',
        pass_mark_unit: 'marks',
        enable_practice_test: false,
      },
      attempt: {
        documentId: ATTEMPT_ID,
        start_date_time: new Date().toISOString(),
        expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        is_practice_test: false,
      },
      questions,
      answers: exam.answers
        .filter((a) => questions.some((q) => q.documentId === a.question))
        .map((a) => ({ ...a })),
      sections: {
        fixedOrder,
        current,
        currentEndsAt: new Date(Date.now() + endsInMs).toISOString(),
        list: [
          { name: 'Physics', minutes: 10, state: states[0], leftSeconds: 600 },
          { name: 'Chemistry', minutes: 20, state: states[1], leftSeconds: 1200 },
        ],
      },
      serverTime: new Date().toISOString(),
      resumed: true,
    },
  };
}

/** A move's answer: the open section's part only (its questions and answers, the tabs). */
function partBody(
  exam: ReturnType<typeof serveExam>,
  current: number,
  endsInMs: number,
  fixedOrder = true,
) {
  const { data } = attemptBody(exam, current, endsInMs, fixedOrder);
  const questions = data.questions.filter((q) => q.section === current);
  return {
    data: {
      attempt: data.attempt,
      questions,
      answers: data.answers.filter((a) => questions.some((q) => q.documentId === a.question)),
      sections: data.sections,
      serverTime: data.serverTime,
    },
  };
}

beforeEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
});

describe('a test with sections in the player', () => {
  it(
    'shows the current section only and moves on after the learner confirms',
    async () => {
      const exam = serveExam({ questions: 4 });
      const moves: unknown[] = [];
      let current = 0;
      server.use(
        http.get('*/api/test/prelims/attempts/:attemptId', () =>
          HttpResponse.json(attemptBody(exam, current, 10 * 60_000)),
        ),
        http.post('*/api/test/prelims/section', async ({ request }) => {
          moves.push(await request.json());
          current = 1;
          return HttpResponse.json(partBody(exam, 1, 20 * 60_000));
        }),
      );
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Question 1 of 2' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      const tabs = screen.getByRole('tablist', { name: 'Sections' });
      expect(within(tabs).getByRole('tab', { name: 'Physics (open)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(within(tabs).getByRole('tab', { name: 'Chemistry (not open yet)' })).toBeDisabled();
      expect(screen.getByRole('timer', { name: 'Section time left' })).toHaveTextContent(
        /Physics: (10:0\d|09:5\d)/,
      );
      expect(screen.getByRole('timer', { name: 'Time left' })).toBeInTheDocument();
      const palette = screen.getByRole('navigation', { name: 'Questions' });
      expect(within(palette).getAllByRole('button')).toHaveLength(2);

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Next section' }));
      const dialog = await screen.findByRole('dialog', { name: 'Go to Chemistry?' });
      expect(dialog).toHaveTextContent(/closes for good/);
      await user.click(within(dialog).getByRole('button', { name: 'Stay in Physics' }));
      expect(moves).toEqual([]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(await screen.findByRole('button', { name: 'Next section' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Go to Chemistry?' })).getByRole(
          'button',
          { name: 'Close this section' },
        ),
      );
      await waitFor(() => expect(moves).toEqual([{ attemptId: ATTEMPT_ID, section: 1 }]));
      expect(await screen.findByText('Section 2, Chemistry, is open.')).toBeInTheDocument();
      expect(screen.getByText('Question text 3')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
      expect(within(tabs).getByRole('tab', { name: 'Physics (closed)' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Next section' })).toBeNull();
      // Issue 24: the focus is not lost with the dialog and its button; it is on the open tab.
      await waitFor(() =>
        expect(within(tabs).getByRole('tab', { name: 'Chemistry (open)' })).toHaveFocus(),
      );
      expect(
        within(screen.getByRole('navigation', { name: 'Questions' })).getAllByRole('button'),
      ).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'follows the server when the section time ends and announces it',
    async () => {
      const exam = serveExam({ questions: 4 });
      let reads = 0;
      const follows: unknown[] = [];
      server.use(
        // The attempt as it opens: 1.5 s left in Physics.
        http.get('*/api/test/prelims/attempts/:attemptId', () => {
          reads += 1;
          return HttpResponse.json(attemptBody(exam, 0, 1500));
        }),
        // At the section's end the player asks for the open section (no section: no move of its
        // own) and gets Chemistry's part, which the server opened by its clock.
        http.post('*/api/test/prelims/section', async ({ request }) => {
          follows.push(await request.json());
          return HttpResponse.json(partBody(exam, 1, 20 * 60_000));
        }),
      );
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      expect(
        await screen.findByText('Question text 1', {}, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(
        await screen.findByText(
          'The time for Physics is over. Section 2, Chemistry, is open.',
          {},
          { timeout: 10000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('Question text 3')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Chemistry (open)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // The part was laid into the attempt held: no second read of the whole attempt.
      expect(follows).toEqual([{ attemptId: ATTEMPT_ID }]);
      expect(reads).toBe(1);
      expect(
        within(screen.getByRole('navigation', { name: 'Questions' })).getAllByRole('button'),
      ).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'free order: the tabs switch sections',
    async () => {
      const exam = serveExam({ questions: 4 });
      const moves: unknown[] = [];
      server.use(
        http.get('*/api/test/prelims/attempts/:attemptId', () =>
          HttpResponse.json(attemptBody(exam, 0, 10 * 60_000, false)),
        ),
        http.post('*/api/test/prelims/section', async ({ request }) => {
          moves.push(await request.json());
          return HttpResponse.json(partBody(exam, 1, 20 * 60_000, false));
        }),
      );
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      const tab = await screen.findByRole(
        'tab',
        { name: 'Chemistry (time left)' },
        { timeout: 20000 },
      );
      expect(screen.queryByRole('button', { name: 'Next section' })).toBeNull();
      expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
      await userEvent.setup().click(tab);
      await waitFor(() => expect(moves).toEqual([{ attemptId: ATTEMPT_ID, section: 1 }]));
      expect(await screen.findByText('Question text 3')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'the review names the section each question was in',
    async () => {
      serveExam();
      const body = reviewBody();
      server.use(
        http.get('*/api/test/prelims/results/:resultId', () =>
          HttpResponse.json({
            data: {
              ...body.data,
              attempt: {
                ...body.data.attempt,
                sections: [
                  { name: 'Physics', minutes: 10, opened: null, closed: null },
                  { name: 'Chemistry', minutes: 20, opened: null, closed: null },
                ],
              },
              questions: body.data.questions.map((q, i) => ({ ...q, section: i < 2 ? 0 : 1 })),
            },
          }),
        ),
      );
      renderApp({ path: `/testcorner/result/${RESULT_ID}`, ...learner });
      const first = await screen.findByRole('listitem', { name: 'Question 1' }, { timeout: 20000 });
      expect(within(first).getByText('Section: Physics')).toBeInTheDocument();
      const third = screen.getByRole('listitem', { name: 'Question 3' });
      expect(within(third).getByText('Section: Chemistry')).toBeInTheDocument();
    },
    SLOW,
  );
});
