// Issue 27 (rubrics): a descriptive question of a test gets an "Add rubric" section in its form:
// criteria with levels (label, marks); the form refuses a rubric whose top levels do not add up
// to the question's points before saving, and saves the rubric with the question.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { list, question, serveTestPage, testDetail } from './testFixtures';

const SLOW = 90000;

describe('the rubric editor of a descriptive question', () => {
  it(
    'adds criteria with levels, checks the top levels against the points, and saves the rubric',
    async () => {
      const questions = [
        question(1, { question_type: 'Descriptive', points_correct_answer: '10' }),
      ];
      const { setQuestions } = serveTestPage(testDetail(1), questions, 5);
      const bodies: unknown[] = [];
      server.use(
        http.get('*/api/subjects', () => HttpResponse.json(list([]))),
        http.put('*/api/questions/:id', async ({ request }) => {
          bodies.push(await request.json());
          setQuestions(questions);
          return HttpResponse.json({ data: questions[0] });
        }),
      );
      renderApp({ path: '/testcorner/test-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const items = await screen.findByRole('list', { name: 'Questions' }, { timeout: 15000 });
      const user = userEvent.setup({ delay: null });
      await user.click(within(items).getAllByRole('button', { name: /Edit/ })[0] as HTMLElement);
      const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
      await user.click(within(dialog).getByRole('button', { name: 'Add rubric' }));
      await user.type(within(dialog).getByLabelText('Criterion 1 name'), 'Content');
      await user.type(within(dialog).getByLabelText('Criterion 1 level 2 marks'), '6');
      await user.click(within(dialog).getByRole('button', { name: 'Add criterion' }));
      await user.type(within(dialog).getByLabelText('Criterion 2 name'), 'Structure');
      await user.type(within(dialog).getByLabelText('Criterion 2 level 2 marks'), '3');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(
        within(dialog).getByText(
          "The top levels add up to 9; they must add up to the question's 10 points.",
        ),
      ).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Add level to criterion 2' }));
      await user.type(within(dialog).getByLabelText('Criterion 2 level 3 label'), 'Excellent');
      await user.type(within(dialog).getByLabelText('Criterion 2 level 3 marks'), '4');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      await screen.findByText('Question saved.', {}, { timeout: 15000 });
      expect(bodies).toHaveLength(1);
      expect((bodies[0] as { data: { rubric: unknown } }).data.rubric).toEqual({
        criteria: [
          {
            name: 'Content',
            levels: [
              { label: 'Not shown', marks: 0 },
              { label: 'Shown', marks: 6 },
            ],
          },
          {
            name: 'Structure',
            levels: [
              { label: 'Not shown', marks: 0 },
              { label: 'Shown', marks: 3 },
              { label: 'Excellent', marks: 4 },
            ],
          },
        ],
      });
    },
    SLOW,
  );
});
