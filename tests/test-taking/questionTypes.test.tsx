// Question types in the player and the review (issue 26): checkboxes under a legend for multiple
// correct (saved as a list of letters), a True/False radio group (saved as a boolean), a number
// field with its unit (only a number is saved), and the review naming each answer and key.
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
  reviewLine,
  serveExam,
} from './examFixtures';

const SLOW = 90000;

const QUESTIONS = [
  { ...examQuestion(1), question_type: 'Multiple' },
  {
    ...examQuestion(2),
    question_type: 'TrueFalse',
    option_a: null,
    option_b: null,
    option_c: null,
    option_d: null,
  },
  {
    ...examQuestion(3),
    question_type: 'Numeric',
    answer_unit: 'm/s²',
    option_a: null,
    option_b: null,
    option_c: null,
    option_d: null,
  },
];

/** The server's stored text of a save's value, as save.ts stores it. */
const storedOf = (value: unknown): string | null => {
  if (value === null) return null;
  if (Array.isArray(value)) return value.length ? [...value].sort().join(',') : null;
  return String(value);
};

function serveTypes(practice = false) {
  const exam = serveExam({ questions: 3, practice });
  const saves: Array<{ answerId: string; selected_answer: unknown }> = [];
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
          questions: QUESTIONS,
          answers: exam.answers.map((a) => ({ ...a })),
          serverTime: new Date().toISOString(),
          resumed: true,
        },
      }),
    ),
    http.put('*/api/answers/:answerId', async ({ params, request }) => {
      const body = (await request.json()) as {
        data: { selected_answer: unknown; mark_as_important: boolean; revision: number };
      };
      saves.push({ answerId: String(params.answerId), selected_answer: body.data.selected_answer });
      return HttpResponse.json({
        data: {
          documentId: String(params.answerId),
          selected_answer: storedOf(body.data.selected_answer),
          mark_as_important: body.data.mark_as_important,
          revision: body.data.revision,
        },
      });
    }),
  );
  return saves;
}

beforeEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
});

describe('question types in the player', () => {
  it(
    'multiple correct: checkboxes under a legend, saved as a list of letters',
    async () => {
      const saves = serveTypes();
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      const group = await screen.findByRole(
        'group',
        { name: 'Answer to question 1: choose every correct option' },
        { timeout: 20000 },
      );
      const user = userEvent.setup();
      const boxes = within(group).getAllByRole('checkbox');
      expect(boxes).toHaveLength(4);
      await user.click(within(group).getByRole('checkbox', { name: 'C. Answer 1c' }));
      await waitFor(() => expect(saves).toHaveLength(1));
      expect(saves[0]).toEqual({ answerId: 'ans-1', selected_answer: ['c'] });
      // From the keyboard: Space toggles the focused box.
      within(group).getByRole('checkbox', { name: 'A. Answer 1a' }).focus();
      await user.keyboard(' ');
      await waitFor(() => expect(saves).toHaveLength(2));
      expect(saves[1]?.selected_answer).toEqual(['a', 'c']);
      expect(within(group).getByRole('checkbox', { name: 'A. Answer 1a' })).toBeChecked();
      await user.click(within(group).getByRole('checkbox', { name: 'C. Answer 1c' }));
      await waitFor(() => expect(saves).toHaveLength(3));
      expect(saves[2]?.selected_answer).toEqual(['a']);
    },
    SLOW,
  );

  it(
    'true/false is a radio group saved as a boolean; numeric a number field with its unit',
    async () => {
      const saves = serveTypes();
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      await screen.findByRole('heading', { name: 'Question 1 of 3' }, { timeout: 20000 });
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const tf = await screen.findByRole('radiogroup', { name: 'Answer to question 2' });
      expect(
        within(tf)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['True', 'False']);
      await user.click(within(tf).getByRole('radio', { name: 'False' }));
      await waitFor(() => expect(saves).toHaveLength(1));
      expect(saves[0]).toEqual({ answerId: 'ans-2', selected_answer: false });
      expect(within(tf).getByRole('radio', { name: 'False' })).toBeChecked();

      await user.click(screen.getByRole('button', { name: 'Next' }));
      const field = await screen.findByRole('textbox', { name: 'Answer to question 3 (a number)' });
      expect(field).toHaveAttribute('inputmode', 'decimal');
      expect(screen.getByText('m/s²')).toBeInTheDocument();
      await user.type(field, '9.8');
      await waitFor(() =>
        expect(saves.at(-1)).toEqual({ answerId: 'ans-3', selected_answer: '9.8' }),
      );
      const count = saves.length;
      // Not a number: shown as typed, said so, not sent.
      await user.type(field, 'x');
      expect(
        await screen.findByText('Not a number yet: only a number is saved'),
      ).toBeInTheDocument();
      expect(field).toHaveValue('9.8x');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(saves).toHaveLength(count);
      await user.clear(field);
      await waitFor(() =>
        expect(saves.at(-1)).toEqual({ answerId: 'ans-3', selected_answer: null }),
      );
    },
    SLOW,
  );
});

describe('a practice check of a multiple-correct answer', () => {
  it(
    'says "Partly correct" and names the key by the labels shown',
    async () => {
      serveTypes(true);
      server.use(
        http.post('*/api/test/prelims/check', () =>
          HttpResponse.json({
            data: {
              correct_answer: 'a,c',
              answer_tolerance: null,
              answer_min: null,
              answer_max: null,
              outcome: 'partial',
              explanation: null,
              is_correct: false,
              points: 2,
            },
          }),
        ),
      );
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      const group = await screen.findByRole(
        'group',
        { name: 'Answer to question 1: choose every correct option' },
        { timeout: 20000 },
      );
      const user = userEvent.setup();
      await user.click(within(group).getByRole('checkbox', { name: 'A. Answer 1a' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));
      expect(await screen.findByText('Partly correct')).toBeInTheDocument();
      expect(screen.getByText(/the correct answer is A, C\./)).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('question types in the review', () => {
  it(
    'names each answer and key: letters, True/False, a number with its tolerance and unit',
    async () => {
      serveExam();
      const body = reviewBody();
      const base = {
        explanation: null,
        points_correct_answer: 2,
        points_incorrect_answer: -1,
        mark_as_important: false,
      };
      server.use(
        http.get('*/api/test/prelims/results/:resultId', () =>
          HttpResponse.json({
            data: {
              ...body.data,
              questions: [
                {
                  ...QUESTIONS[0],
                  ...base,
                  correct_answer: 'a,c',
                  selected_answer: 'a,b',
                  points: -1,
                },
                {
                  ...QUESTIONS[1],
                  ...base,
                  correct_answer: 'false',
                  selected_answer: 'false',
                  points: 2,
                },
                {
                  ...QUESTIONS[2],
                  ...base,
                  correct_answer: '9.8',
                  answer_tolerance: 0.1,
                  selected_answer: '9.85',
                  points: 2,
                },
              ],
            },
          }),
        ),
      );
      renderApp({ path: `/testcorner/result/${RESULT_ID}`, ...learner });
      expect(
        await screen.findByText(
          reviewLine('A. Answer 1a (your answer, correct answer)'),
          {},
          { timeout: 20000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(reviewLine('B. Answer 1b (your answer)'))).toBeInTheDocument();
      expect(screen.getByText(reviewLine('C. Answer 1c (correct answer)'))).toBeInTheDocument();
      expect(
        screen.getByText(reviewLine('False (your answer, correct answer)')),
      ).toBeInTheDocument();
      expect(screen.getByText('9.85 m/s²')).toBeInTheDocument();
      expect(screen.getByText('9.8 ± 0.1 m/s²')).toBeInTheDocument();
    },
    SLOW,
  );
});
