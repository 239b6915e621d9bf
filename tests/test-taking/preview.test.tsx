// Preview as a learner (issue 26): staff open a test's preview from its page, answer and move
// through it with the player's own parts (maths rendered by KaTeX), ask for the key only when they
// want it, and nothing is ever written (no start, no save, no submit). A single question's
// preview opens from the question pool and from a test's question list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import {
  list,
  pagination,
  question,
  serveTestPage,
  testDetail,
} from '../test-authoring/testFixtures';

const SLOW = 90000;
const LOADED = { timeout: 15000 };

const VIEWS = [
  {
    documentId: 'q-1',
    question: 'Which is $\\frac{1}{2}$?',
    option_a: '$0.5$',
    option_b: 'One',
    option_c: 'Two',
    option_d: 'Three',
    question_type: 'MCQ',
    answer_unit: null,
    subject: { SubjectName: 'Maths' },
  },
  {
    documentId: 'q-2',
    question: 'g at sea level?',
    option_a: null,
    option_b: null,
    option_c: null,
    option_d: null,
    question_type: 'Numeric',
    answer_unit: 'm/s²',
    subject: null,
  },
];

const KEYS = {
  'q-1': {
    correct_answer: 'a',
    explanation: 'Because $1/2 = 0.5$.',
    points_correct_answer: '2.00',
    points_incorrect_answer: '-0.50',
    answer_tolerance: null,
    answer_min: null,
    answer_max: null,
  },
  'q-2': {
    correct_answer: '9.8',
    explanation: null,
    points_correct_answer: 3,
    points_incorrect_answer: 0,
    answer_tolerance: '0.10',
    answer_min: null,
    answer_max: null,
  },
};

afterEach(() => {
  server.events.removeAllListeners();
  window.innerWidth = 1280;
});

/** Every call the screen makes that is not a read (there must be none). */
function recordWrites() {
  const writes: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') writes.push(`${request.method} ${request.url}`);
  });
  return writes;
}

function servePreview() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/tests/:documentId/preview', ({ request, params }) => {
      asked.push(new URL(request.url).search);
      const withKey = new URL(request.url).searchParams.get('key') === 'true';
      return HttpResponse.json({
        data: {
          test: {
            documentId: params.documentId,
            TestName: 'Test 1',
            TestDuration: 30,
            mains: false,
            sections: null,
          },
          questions: VIEWS,
          keys: withKey ? KEYS : null,
        },
      });
    }),
  );
  return asked;
}

describe('preview a test as a learner', () => {
  it(
    'shows the questions as the player does, answers in memory only, and the key on request',
    async () => {
      const asked = servePreview();
      const writes = recordWrites();
      const { container } = renderApp({
        path: '/testcorner/test-1/preview',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      expect(
        await screen.findByRole('heading', { name: 'Preview as a learner: Test 1' }, LOADED),
      ).toBeInTheDocument();
      expect(screen.getByText(/no attempt is recorded/)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: /Question 1 of 2/ })).toBeInTheDocument();
      // The question and its options through RichText: KaTeX renders the formulas.
      await waitFor(
        () => expect(container.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2),
        LOADED,
      );
      expect(asked).toEqual(['']);
      expect(screen.queryByLabelText('Answer key')).toBeNull();

      // Keyboard only: pick an option, move on with Next, type a number.
      const user = userEvent.setup({ delay: null });
      const radios = screen.getAllByRole('radio');
      radios[0]?.focus();
      await user.keyboard(' ');
      expect(radios[0]).toBeChecked();
      const palette = screen.getByRole('navigation', { name: /Questions/i });
      expect(
        within(palette).getByRole('button', { name: /Question 1, answered/ }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('heading', { name: /Question 2 of 2/ })).toBeInTheDocument();
      const field = screen.getByRole('textbox');
      await user.type(field, '9.85');
      expect(screen.getByText('m/s²')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      expect(screen.getAllByRole('radio')[0]).toBeChecked();

      // The key, for checking: asked for only now.
      await user.click(screen.getByLabelText('Show the key'));
      const key = await screen.findByLabelText('Answer key', {}, LOADED);
      expect(asked).toEqual(['', '?key=true']);
      expect(key).toHaveTextContent('Correct answer: A');
      expect(key).toHaveTextContent('+2 correct, −0.5 incorrect');
      await waitFor(() => expect(key.querySelector('.katex')).not.toBeNull(), LOADED);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByLabelText('Answer key')).toHaveTextContent(
        'Correct answer: 9.8 ± 0.1 m/s²',
      );
      // Nothing was written: no start, no save, no submit, no integrity event.
      expect(writes).toEqual([]);
    },
    SLOW,
  );

  it(
    'says why when the server refuses',
    async () => {
      server.use(
        http.get('*/api/tests/:documentId/preview', () =>
          HttpResponse.json(
            {
              data: null,
              error: { status: 403, name: 'ForbiddenError', message: 'Only staff preview a test.' },
            },
            { status: 403 },
          ),
        ),
      );
      renderApp({
        path: '/testcorner/test-1/preview',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      expect(await screen.findByText('Only staff preview a test.', {}, LOADED)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "is opened from the test's page, and one question from its question list",
    async () => {
      serveTestPage(testDetail(1), [question(1), question(2)]);
      const asked: string[] = [];
      server.use(
        http.get('*/api/questions/:documentId/preview', ({ request, params }) => {
          asked.push(`${String(params.documentId)}${new URL(request.url).search}`);
          return HttpResponse.json({
            data: { question: { ...VIEWS[0], documentId: params.documentId }, key: null },
          });
        }),
      );
      const writes = recordWrites();
      const { container } = renderApp({
        path: '/testcorner/test-1',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const link = await screen.findByRole('link', { name: 'Preview as a learner' }, LOADED);
      expect(link).toHaveAttribute('href', '/testcorner/test-1/preview');
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Preview question 2' }));
      const dialog = await screen.findByRole('dialog', { name: 'Preview as a learner' }, LOADED);
      await waitFor(() => expect(dialog.querySelector('.katex')).not.toBeNull(), LOADED);
      expect(asked).toEqual(['q-2']);
      expect(within(dialog).getAllByRole('radio')).toHaveLength(4);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(container).toBeTruthy();
      expect(writes).toEqual([]);
    },
    SLOW,
  );
  it(
    'says how a descriptive question is answered instead of showing options',
    async () => {
      serveTestPage(testDetail(1), [question(1)]);
      server.use(
        http.get('*/api/questions/:documentId/preview', ({ params }) =>
          HttpResponse.json({
            data: {
              question: {
                ...VIEWS[1],
                documentId: params.documentId,
                question: 'Discuss $\\alpha$ decay.',
                question_type: 'Descriptive',
                answer_unit: null,
              },
              key: null,
            },
          }),
        ),
      );
      renderApp({ path: '/testcorner/test-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Preview question 1' }, LOADED));
      const dialog = await screen.findByRole('dialog', { name: 'Preview as a learner' }, LOADED);
      expect(
        await within(dialog).findByText(/learners answer it by uploading/, {}, LOADED),
      ).toBeInTheDocument();
      expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
      expect(within(dialog).queryByRole('textbox')).toBeNull();
    },
    SLOW,
  );
});

describe('preview a pool question as a learner', () => {
  it(
    'opens from the pool with a Preview button and shows the key only when asked',
    async () => {
      server.use(
        http.get('*/api/questionPool-search', () =>
          HttpResponse.json(
            list(
              [question(1, { documentId: 'pool-1', question: 'Pool question 1' })],
              pagination(1, 25, 1),
            ),
          ),
        ),
      );
      const asked: string[] = [];
      server.use(
        http.get('*/api/question-pools/:documentId/preview', ({ request, params }) => {
          const withKey = new URL(request.url).searchParams.get('key') === 'true';
          asked.push(`${String(params.documentId)}${new URL(request.url).search}`);
          return HttpResponse.json({
            data: {
              question: { ...VIEWS[0], documentId: params.documentId },
              key: withKey ? KEYS['q-1'] : null,
            },
          });
        }),
      );
      const writes = recordWrites();
      // A phone: the dialog takes the whole screen.
      window.innerWidth = 375;
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole('button', { name: 'Preview question: Pool question 1' }, LOADED),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Preview as a learner' }, LOADED);
      await waitFor(
        () => expect(dialog.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2),
        LOADED,
      );
      expect(within(dialog).queryByLabelText('Answer key')).toBeNull();
      expect(dialog.className).toMatch(/FullScreen/);
      await user.click(within(dialog).getAllByRole('radio')[1] as HTMLElement);
      expect(within(dialog).getAllByRole('radio')[1]).toBeChecked();
      await user.click(within(dialog).getByLabelText('Show the key'));
      const key = await within(dialog).findByLabelText('Answer key', {}, LOADED);
      expect(key).toHaveTextContent('Correct answer: A');
      expect(key).toHaveTextContent('Explanation:');
      expect(asked).toEqual(['pool-1', 'pool-1?key=true']);
      expect(writes).toEqual([]);
    },
    SLOW,
  );
});

describe('preview of a test with a random draw (issue 26)', () => {
  it(
    'marks a question drawn from the pool as a sample',
    async () => {
      server.use(
        http.get('*/api/tests/:documentId/preview', ({ params }) =>
          HttpResponse.json({
            data: {
              test: {
                documentId: params.documentId,
                TestName: 'Test 1',
                TestDuration: 30,
                mains: false,
                sections: [{ name: 'Drawn', minutes: 30 }],
              },
              questions: [
                { ...VIEWS[0], section: 0, drawn: true },
                { ...VIEWS[1], section: 0 },
              ],
              keys: null,
            },
          }),
        ),
      );
      renderApp({
        path: '/testcorner/test-1/preview',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      expect(
        await screen.findByText(
          'Drawn at random from the pool: each learner gets their own',
          {},
          LOADED,
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('Section: Drawn (30 min)')).toBeInTheDocument();
    },
    SLOW,
  );
});
