// Issue 24: the learner's exam screens in the person's language. English by default; with Hindi
// chosen (on their profile) the instructions, the player and the result read in Hindi, the page's
// `lang` follows, and the test's own content (names, questions) stays as written. A test with
// sections says so before the start, in either language.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { examDb } from '../../src/features/test-taking/examDb';
import { setLanguage } from '../../src/lib/i18n';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { ATTEMPT_ID, RESULT_ID, learner, myTest, serveExam } from './examFixtures';

const SLOW = 90000;
const WAIT = { timeout: 20000 };

function serveLanguage(language: string | undefined) {
  server.use(
    http.get('*/api/profile', () =>
      HttpResponse.json({
        data: {
          name: 'Asha Learner',
          email: 'asha@demo.test',
          mobile: null,
          role: 'student',
          hasMobile: true,
          avatarUrl: null,
          ...(language ? { language } : {}),
        },
      }),
    ),
  );
}

function serveBrief(changes: Record<string, unknown> = {}) {
  server.use(
    http.get('*/api/test/prelims/my-tests', () =>
      HttpResponse.json({
        data: [],
        meta: { pagination: { page: 1, pageSize: 1, pageCount: 0, total: 0 } },
      }),
    ),
    http.get('*/api/tests/:documentId', () =>
      HttpResponse.json({
        data: {
          id: 1,
          documentId: 'test-1',
          TestName: 'Test 1',
          Description: null,
          instructions: null,
          TestDuration: 45,
          MaximumMarks: '50.00',
          PassMark: '40',
          pass_mark_unit: 'percent',
          enable_practice_test: false,
          ValidFrom: null,
          ValidTo: null,
          max_attempts: 3,
          ...changes,
        },
        meta: {},
      }),
    ),
  );
}

const SECTIONS = {
  sections: [
    { name: 'Reasoning', minutes: 20, subjects: ['Logic'] },
    { name: 'Quant', minutes: 25, subjects: ['Maths'] },
  ],
  sections_fixed_order: true,
};

afterEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
  await setLanguage('en');
});

describe('the exam screens in the chosen language', () => {
  it(
    'English by default: the player reads in English and the page says lang="en"',
    async () => {
      serveLanguage(undefined);
      serveExam();
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Question 1 of 5' }, WAIT),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Submit test' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('en');
    },
    SLOW,
  );

  it(
    'Hindi: the player, its palette and its submit dialog read in Hindi; the questions stay as written',
    async () => {
      serveLanguage('hi');
      serveExam();
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      expect(await screen.findByRole('heading', { name: 'प्रश्न 1 / 5' }, WAIT)).toBeInTheDocument();
      await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
      expect(screen.getByRole('timer', { name: 'बचा समय' })).toBeInTheDocument();
      expect(screen.getByText('Question text 1')).toBeInTheDocument();
      expect(screen.getByRole('radiogroup', { name: 'प्रश्न 1 का उत्तर' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'प्रश्न 1, उत्तर नहीं दिया' })).toHaveAttribute(
        'aria-current',
        'step',
      );
      expect(screen.getByRole('button', { name: 'अगला' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'महत्वपूर्ण चिह्नित करें' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit test' })).toBeNull();
      screen.getByRole('button', { name: 'टेस्ट जमा करें' }).click();
      const dialog = await screen.findByRole('dialog', { name: 'टेस्ट जमा करें?' });
      expect(
        within(dialog).getByText('आपके 5 प्रश्न बिना उत्तर के और 0 चिह्नित हैं। अभी जमा करें?'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'उत्तर देते रहें' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'Hindi: the result reads in Hindi, with its figures',
    async () => {
      serveLanguage('hi');
      serveExam();
      renderApp({ path: `/testcorner/result/${RESULT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — परिणाम' }, WAIT),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('स्कोर 34.5 / 50')).toHaveTextContent('34.5 / 50');
      expect(screen.getByText('उत्तीर्ण')).toBeInTheDocument();
      const figure = (term: string) => screen.getByText(term).nextElementSibling;
      expect(figure('लगा समय')).toHaveTextContent('32 मिनट 5 सेकंड');
      expect(figure('रैंक')).toHaveTextContent('41 में से 3');
      expect(screen.getByRole('heading', { name: 'समीक्षा' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'सभी टेस्ट' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "Hindi: the learner's test list, its facts and actions",
    async () => {
      serveLanguage('hi');
      const items = [
        myTest(1),
        myTest(2, { isOpen: false, status: 'attempted', lastResultId: 'r-2' }),
      ];
      server.use(
        http.get('*/api/test/prelims/my-tests', () =>
          HttpResponse.json({
            data: items,
            meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: items.length } },
          }),
        ),
      );
      renderApp({ path: '/testcorner', ...learner });
      const list = await screen.findByRole('list', { name: 'आपके टेस्ट' }, WAIT);
      expect(within(list).getByRole('link', { name: 'Test 1 टेस्ट शुरू करें' })).toBeInTheDocument();
      expect(
        within(list).getAllByText(/^60 मिनट · अधिकतम अंक 50 · 3 में से 2 प्रयास बाकी · Course 1$/),
      ).toHaveLength(2);
      expect(within(list).getByRole('link', { name: 'Test 2 का परिणाम देखें' })).toBeInTheDocument();
      expect(within(list).getByText('बंद')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'the start page tells the sections, their times and the fixed order (English)',
    async () => {
      serveLanguage(undefined);
      serveBrief(SECTIONS);
      renderApp({ path: '/testcorner/test-1/start', ...learner });
      const sections = await screen.findByRole('region', { name: 'Sections' }, WAIT);
      expect(
        within(sections).getByText(/^This test has 2 sections, each with its own time\./),
      ).toHaveTextContent(/section before closes for good/);
      expect(
        within(sections)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Reasoning: 20 min', 'Quant: 25 min']);
      expect(screen.getByRole('button', { name: 'Start test' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'the start page in Hindi: instructions, rules, sections in any order; none without sections',
    async () => {
      serveLanguage('hi');
      serveBrief({ ...SECTIONS, sections_fixed_order: false });
      const view = renderApp({ path: '/testcorner/test-1/start', ...learner });
      expect(await screen.findByRole('heading', { name: 'निर्देश' }, WAIT)).toBeInTheDocument();
      expect(screen.getByText('प्रश्नों के उत्तर किसी भी क्रम में दें।')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'टेस्ट शुरू करें' })).toBeInTheDocument();
      const sections = screen.getByRole('region', { name: 'खंड' });
      expect(within(sections).getByText(/इस टेस्ट में 2 खंड हैं/)).toHaveTextContent(/किसी भी क्रम में/);
      expect(within(sections).getByText('Quant: 25 मिनट')).toBeInTheDocument();
      view.unmount();

      serveBrief({ sections: null });
      renderApp({ path: '/testcorner/test-1/start', ...learner });
      expect(await screen.findByRole('heading', { name: 'निर्देश' }, WAIT)).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'खंड' })).toBeNull();
    },
    SLOW,
  );
});
