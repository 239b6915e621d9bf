// The regrade dialog (issue 23): the preview's counts and sample, the confirmation with its
// outcome, a failed regrade, a test nobody took, and the offer after a question's key changed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { polity, strapiError } from '../courses/courseFixtures';
import { list, question, serveTestPage, testDetail } from './testFixtures';

const SLOW = 90000;

const summary = {
  test: { documentId: 'test-1', name: 'Test 1' },
  results: 5,
  attempts_affected: 3,
  results_changed: 2,
  totals_changed: 2,
  passed_changed: 1,
  marks_change: 1,
  questions: [
    {
      documentId: 'q-2',
      question: 'Question text 2',
      key: 'a',
      points_correct_answer: 2,
      points_incorrect_answer: -1,
      answers_changed: 3,
      attempts_affected: 3,
      marks_change: 1,
    },
  ],
  sample: [
    {
      result: 'r-1',
      learner: 'Asha Rao',
      old_total: 3,
      new_total: 1,
      old_passed: true,
      new_passed: false,
    },
    {
      result: 'r-2',
      learner: 'Ben Roy',
      old_total: 1,
      new_total: 4,
      old_passed: false,
      new_passed: false,
    },
  ],
};

async function openTestPage() {
  serveTestPage(testDetail(1), [question(1), question(2)]);
  const view = renderApp({
    path: '/testcorner/test-1',
    user: adminUser,
    authorities: ['ROLE_ADMIN'],
  });
  await screen.findByRole('list', { name: 'Questions' }, { timeout: 15000 });
  return view;
}

describe('regrade', () => {
  it(
    'previews the changes, then regrades with the count on the button and reports the outcome',
    async () => {
      const posts: string[] = [];
      server.use(
        http.get('*/api/tests/:documentId/regrade', () => HttpResponse.json({ data: summary })),
        http.post('*/api/tests/:documentId/regrade', ({ params }) => {
          posts.push(String(params.documentId));
          return HttpResponse.json({ data: { ...summary, audit: 'audit-1', notified: 2 } });
        }),
      );
      await openTestPage();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Regrade' }));
      const dialog = await screen.findByRole('dialog', { name: 'Regrade Test 1' });
      expect(await within(dialog).findByText(/2 results of 5 change/)).toHaveTextContent(
        '2 results of 5 change (2 totals, 1 pass/fail verdict); 3 attempts have answers marked differently. Marks change in total: +1.',
      );
      expect(within(dialog).getByText('Question text 2')).toBeInTheDocument();
      const sample = within(dialog).getByRole('table', { name: 'Learners whose results change' });
      const asha = within(sample).getByText('Asha Rao').closest('tr') as HTMLElement;
      expect(asha).toHaveTextContent('Asha Rao3 (pass)1 (fail)');
      expect(posts).toEqual([]);

      await user.click(within(dialog).getByRole('button', { name: 'Regrade 2 results' }));
      expect(
        await within(dialog).findByText('Regraded 2 results; 2 learners notified.'),
      ).toBeVisible();
      expect(posts).toEqual(['test-1']);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    SLOW,
  );

  it(
    'says that a failed regrade changed nothing, and keeps the preview',
    async () => {
      server.use(
        http.get('*/api/tests/:documentId/regrade', () => HttpResponse.json({ data: summary })),
        http.post('*/api/tests/:documentId/regrade', () =>
          strapiError(
            409,
            'A regrade of this test is running: try again when it ends.',
            'ConflictError',
          ),
        ),
      );
      await openTestPage();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Regrade' }));
      const dialog = await screen.findByRole('dialog', { name: 'Regrade Test 1' });
      await user.click(await within(dialog).findByRole('button', { name: 'Regrade 2 results' }));
      expect(
        await within(dialog).findByText(
          'The regrade failed and changed nothing: A regrade of this test is running: try again when it ends.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Regrade 2 results' })).toBeEnabled();
    },
    SLOW,
  );

  it(
    'tells that a test nobody took has nothing to regrade, with no regrade button',
    async () => {
      server.use(
        http.get('*/api/tests/:documentId/regrade', () => strapiError(400, 'Nothing to regrade.')),
      );
      await openTestPage();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Regrade' }));
      const dialog = await screen.findByRole('dialog', { name: 'Regrade Test 1' });
      expect(await within(dialog).findByText('Nothing to regrade.')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: /^Regrade \d/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'offers the regrade after a question’s key is changed, only when results change',
    async () => {
      let previews = 0;
      server.use(
        http.get('*/api/subjects', () => HttpResponse.json(list([polity]))),
        http.put('*/api/questions/:documentId', () =>
          HttpResponse.json({ data: question(2, { correct_answer: 'a' }) }),
        ),
        http.get('*/api/tests/:documentId/regrade', () => {
          previews += 1;
          return HttpResponse.json({ data: summary });
        }),
      );
      await openTestPage();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Edit question 2' }));
      const form = await screen.findByRole('dialog', { name: 'Edit question' });
      await user.selectOptions(within(form).getByLabelText(/Correct answer/), 'a');
      await user.click(within(form).getByRole('button', { name: 'Save question' }));
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Regrade Test 1' },
        { timeout: 15000 },
      );
      expect(
        await within(dialog).findByRole('button', { name: 'Regrade 2 results' }),
      ).toBeVisible();
      expect(previews).toBe(1);
    },
    SLOW,
  );
});
