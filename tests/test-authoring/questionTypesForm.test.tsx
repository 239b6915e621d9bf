// The question form's types (issue 26): several correct options are ticked under a legend, a
// true/false key is chosen, a numeric key is a number with a tolerance or a range and a unit;
// each type sends its own key fields, and a missing key is said before anything is sent.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { polity } from '../courses/courseFixtures';
import { list, question, serveTestPage, testDetail } from './testFixtures';

const SLOW = 90000;

async function openForm() {
  const questions = [question(1)];
  serveTestPage(testDetail(1), questions, 5);
  const bodies: Array<{ data: Record<string, unknown> }> = [];
  server.use(
    http.get('*/api/subjects', () => HttpResponse.json(list([polity]))),
    http.post('*/api/questions', async ({ request }) => {
      bodies.push((await request.json()) as { data: Record<string, unknown> });
      return HttpResponse.json({ data: question(13) }, { status: 201 });
    }),
  );
  renderApp({ path: '/testcorner/test-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
  await screen.findByRole('list', { name: 'Questions' }, { timeout: 15000 });
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'New question' }));
  const dialog = await screen.findByRole('dialog', { name: 'New question' });
  await user.type(within(dialog).getByLabelText(/^Question \*/), 'How fast?');
  return { user, dialog, bodies };
}

describe('the question form, per type', () => {
  it(
    'multiple correct: options and ticked keys, sent as sorted letters',
    async () => {
      const { user, dialog, bodies } = await openForm();
      await user.selectOptions(
        within(dialog).getByLabelText('Question type'),
        'Multiple choice, several correct',
      );
      for (const key of ['A', 'B', 'C', 'D']) {
        await user.type(within(dialog).getByLabelText(new RegExp(`^Option ${key} `)), `O${key}`);
      }
      const keys = within(dialog).getByRole('group', {
        name: /Correct answers \(tick every correct option\)/,
      });
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(within(dialog).getByText('Tick at least one correct option.')).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await user.click(within(keys).getByRole('checkbox', { name: 'Option C' }));
      await user.click(within(keys).getByRole('checkbox', { name: 'Option A' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      await screen.findByRole('list', { name: 'Questions' });
      expect(bodies[0]?.data).toMatchObject({
        question_type: 'Multiple',
        option_a: 'OA',
        correct_answer: 'a,c',
      });
      expect(bodies[0]?.data).not.toHaveProperty('answer_tolerance');
    },
    SLOW,
  );

  it(
    'true/false has no options; numeric takes a tolerance or a range, and a unit',
    async () => {
      const { user, dialog, bodies } = await openForm();
      const type = within(dialog).getByLabelText('Question type');
      await user.selectOptions(type, 'True / false');
      expect(within(dialog).queryByLabelText(/Option A/)).not.toBeInTheDocument();
      await user.selectOptions(type, 'Numeric answer');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(within(dialog).getByText('Enter the correct number.')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText(/^Correct number/), '9.8');
      await user.type(within(dialog).getByLabelText(/^Tolerance/), '-1');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(
        within(dialog).getByText('Enter 0 or more (empty: the exact number).'),
      ).toBeInTheDocument();
      // A range instead: from must not be above to.
      await user.selectOptions(within(dialog).getByLabelText('Accepted answers'), 'range');
      await user.type(within(dialog).getByLabelText(/^From/), '3');
      await user.type(within(dialog).getByLabelText(/^To/), '2');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(
        within(dialog).getByText('The largest must not be below the smallest.'),
      ).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await user.clear(within(dialog).getByLabelText(/^To/));
      await user.type(within(dialog).getByLabelText(/^To/), '3.5');
      await user.type(within(dialog).getByLabelText(/^Unit/), 'm/s');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      await screen.findByRole('list', { name: 'Questions' });
      expect(bodies[0]?.data).toMatchObject({
        question_type: 'Numeric',
        option_a: '',
        correct_answer: null,
        answer_tolerance: null,
        answer_min: 3,
        answer_max: 3.5,
        answer_unit: 'm/s',
      });
    },
    SLOW,
  );
});
