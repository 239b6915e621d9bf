// Rich text where questions were still shown as plain text (issue 26): the practice check's
// explanation in the player and the regrade dialog's changed questions render their formulas
// through RichText (KaTeX), not as the LaTeX source.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { examDb } from '../../src/features/test-taking/examDb';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { ATTEMPT_ID, learner, serveExam } from '../test-taking/examFixtures';
import { question, serveTestPage, testDetail } from '../test-authoring/testFixtures';

const SLOW = 90000;
const LOADED = { timeout: 15000 };

beforeEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
});

describe('formulas render through RichText', () => {
  it(
    "in a practice check's explanation",
    async () => {
      serveExam({ practice: true });
      server.use(
        http.post('*/api/test/prelims/check', () =>
          HttpResponse.json({
            data: {
              correct_answer: 'b',
              explanation: 'Since $E = mc^2$ holds.',
              is_correct: false,
              points: -0.5,
            },
          }),
        ),
      );
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 });
      const user = userEvent.setup();
      await user.click(screen.getByRole('radio', { name: 'A. Answer 1a' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));
      const outcome = (await screen.findByText('Incorrect')).closest('[role="alert"]');
      expect(outcome).not.toBeNull();
      await waitFor(() => expect(outcome?.querySelector('.katex')).not.toBeNull(), LOADED);
      expect(outcome?.querySelector('annotation')).toHaveTextContent('E = mc^2');
      expect(outcome).not.toHaveTextContent('$E');
    },
    SLOW,
  );

  it(
    "in the regrade dialog's changed questions",
    async () => {
      server.use(
        http.get('*/api/tests/:documentId/regrade', () =>
          HttpResponse.json({
            data: {
              test: { documentId: 'test-1', name: 'Test 1' },
              results: 1,
              attempts_affected: 1,
              results_changed: 1,
              totals_changed: 1,
              passed_changed: 0,
              marks_change: 1,
              questions: [
                {
                  documentId: 'q-2',
                  question: 'Find $\\sqrt{2}$ to two places',
                  key: 'a',
                  points_correct_answer: 2,
                  points_incorrect_answer: -1,
                  answers_changed: 1,
                  attempts_affected: 1,
                  marks_change: 1,
                },
              ],
              sample: [],
            },
          }),
        ),
      );
      serveTestPage(testDetail(1), [question(1), question(2)]);
      renderApp({ path: '/testcorner/test-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('list', { name: 'Questions' }, LOADED);
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Regrade' }));
      const dialog = await screen.findByRole('dialog', { name: 'Regrade Test 1' }, LOADED);
      const changed = await within(dialog).findByRole(
        'list',
        { name: 'Changed questions' },
        LOADED,
      );
      await waitFor(() => expect(changed.querySelector('.katex')).not.toBeNull(), LOADED);
      expect(changed.querySelector('annotation')).toHaveTextContent('\\sqrt{2}');
      expect(changed).toHaveTextContent('to two places');
    },
    SLOW,
  );
});
