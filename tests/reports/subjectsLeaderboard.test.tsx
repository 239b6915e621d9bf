// Issue 22: a test's scores by subject (staff), and the leaderboard across a series of tests
// (staff page through it; a learner sees their standing and the top 10 in "My progress").
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { list } from '../courses/courseFixtures';
import { adminUser, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { serveTestReports } from './testReportsFixtures';

const SLOW = 90000;
const WAIT = { timeout: 15000 };

const subjectsBody = {
  data: {
    subjects: [
      {
        subject: { documentId: 'sub-h', name: 'History' },
        questions: 2,
        maxMarks: 4,
        mean: 3,
        facility: 0.75,
      },
      {
        subject: { documentId: 'sub-p', name: 'Polity' },
        questions: 2,
        maxMarks: 4,
        mean: 1,
        facility: 0.25,
      },
      { subject: null, questions: 1, maxMarks: 2, mean: 1, facility: 0.5 },
    ],
    learners: [
      {
        learner: { documentId: 'stu-1', name: 'Asha Rao' },
        subjects: [
          { subjectDocumentId: 'sub-h', score: 4, maxMarks: 4 },
          { subjectDocumentId: 'sub-p', score: 0, maxMarks: 4 },
          { subjectDocumentId: null, score: 1, maxMarks: 2 },
        ],
      },
      {
        learner: { documentId: 'stu-2', name: 'Bala Iyer' },
        subjects: [
          { subjectDocumentId: 'sub-h', score: 2, maxMarks: 4 },
          { subjectDocumentId: 'sub-p', score: 2, maxMarks: 4 },
          { subjectDocumentId: null, score: 1, maxMarks: 2 },
        ],
      },
    ],
  },
};

const categories = list([
  { id: 1, documentId: 'cat-1', CategoryName: 'UPSC Prelims series' },
  { id: 2, documentId: 'cat-2', CategoryName: 'Empty series' },
]);

const tieRule = 'Equal totals share a rank and the next rank skips (1, 1, 3).';
const board = (
  me: unknown,
  rows: unknown[],
  total: number,
  notCounted = 0,
  namesPublished = true,
) => ({
  data: {
    tests: [
      { documentId: 't-1', name: 'Mock 1' },
      { documentId: 't-2', name: 'Mock 2' },
    ],
    rows,
    me,
    tieRule,
    total,
    notCounted,
    namesPublished,
  },
});
const row = (rank: number, name: string, total: number) => ({
  rank,
  total,
  percentile: 100 - rank * 10,
  testsTaken: 2,
  learner: { documentId: `stu-${name}`, name },
});

function serveLeaderboard(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/test-categories', () => HttpResponse.json(categories)),
    http.get('*/api/reports/leaderboard', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return answer(query);
    }),
  );
  return queries;
}

describe('scores by subject (staff)', () => {
  it(
    'shows each subject for the batch with the strongest and weakest, then each learner',
    async () => {
      serveTestReports();
      const queries: URLSearchParams[] = [];
      server.use(
        http.get('*/api/reports/tests/:documentId/subjects', ({ request, params }) => {
          queries.push(new URL(request.url).searchParams);
          return params.documentId === 'test-1'
            ? HttpResponse.json(subjectsBody)
            : HttpResponse.json(
                { error: { status: 404, message: 'Unknown test.' } },
                { status: 404 },
              );
        }),
      );
      renderApp({
        path: '/reports?kind=mcq&work=test-1&view=subjects&attempt=last',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const bySubject = await screen.findByRole('table', { name: 'By subject' }, WAIT);
      const rows = within(bySubject).getAllByRole('row');
      expect(within(rows[1] as HTMLElement).getByText('Strongest')).toBeInTheDocument();
      const cells = (at: number) =>
        within(rows[at] as HTMLElement)
          .getAllByRole('cell')
          .map((cell) => cell.textContent);
      expect(cells(1)).toEqual(['History Strongest', '2', '4', '3', '75 %', '75 %']);
      expect(within(rows[2] as HTMLElement).getByText('Weakest')).toBeInTheDocument();
      expect(cells(2)).toEqual(['Polity Weakest', '2', '4', '1', '25 %', '25 %']);
      expect(within(rows[3] as HTMLElement).getByText('No subject')).toBeInTheDocument();
      expect(queries[0]?.get('attempt')).toBe('last');

      const learners = screen.getByRole('table', { name: 'Learners by subject' });
      const [, asha, bala] = within(learners).getAllByRole('row') as HTMLElement[];
      const ashaCells = within(asha as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(ashaCells).toEqual(['Asha Rao', '4', '0', '1', 'History', 'Polity']);
      const balaCells = within(bala as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(balaCells.slice(-2)).toEqual(['—', '—']);
    },
    SLOW,
  );

  it(
    'says why the figures are missing and retries',
    async () => {
      serveTestReports();
      let calls = 0;
      server.use(
        http.get('*/api/reports/tests/:documentId/subjects', () => {
          calls += 1;
          return calls === 1
            ? HttpResponse.json(
                { error: { status: 500, message: 'Database busy.' } },
                { status: 500 },
              )
            : HttpResponse.json(subjectsBody);
        }),
      );
      renderApp({
        path: '/reports?kind=mcq&work=test-1&view=subjects',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      expect(
        await screen.findByText(/could not be loaded|Database busy/, {}, WAIT),
      ).toBeInTheDocument();
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('table', { name: 'By subject' }, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('leaderboard across tests', () => {
  it(
    'staff choose a series from the kind picker and page through every ranked learner',
    async () => {
      serveTestReports();
      const queries = serveLeaderboard(() =>
        HttpResponse.json(
          board(
            null,
            [row(1, 'Asha Rao', 180), row(1, 'Bala Iyer', 180), row(3, 'Chitra', 150)],
            30,
          ),
        ),
      );
      renderApp({ path: '/reports?kind=mcq', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.selectOptions(await screen.findByLabelText('Kind', {}, WAIT), 'leaderboard');
      expect(
        await screen.findByText('Learners are ranked over the tests of a test category.', {}, WAIT),
      ).toBeInTheDocument();
      await screen.findByRole('option', { name: 'UPSC Prelims series' }, WAIT);
      await user.selectOptions(await screen.findByLabelText('Series (test category)'), 'cat-1');
      const table = await screen.findByRole('table', { name: 'Leaderboard' }, WAIT);
      const rows = within(table).getAllByRole('row');
      expect(
        within(rows[1] as HTMLElement)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['1', 'Asha Rao', '180', '90', '2']);
      expect(within(rows[3] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('3');
      expect(screen.getByText(/Mock 1, Mock 2/)).toBeInTheDocument();
      expect(screen.getByText(new RegExp(tieRule.replace(/[()]/g, '.')))).toBeInTheDocument();
      expect(queries[0]?.get('categoryId')).toBe('cat-1');
      expect(window.location.search).toContain('series=cat-1');
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
      // Staff decide whether learners see the top 10 by name.
      const sent: unknown[] = [];
      server.use(
        http.put('*/api/test-categories/:id', async ({ request, params }) => {
          sent.push({ id: params.id, body: await request.json() });
          return HttpResponse.json({ data: { documentId: params.id } });
        }),
      );
      // The next page's board has arrived (the switch shows with a board).
      const toggle = await screen.findByRole(
        'switch',
        { name: 'Learners see the top 10 by name' },
        WAIT,
      );
      expect(toggle).toBeChecked();
      await user.click(toggle);
      await waitFor(() =>
        expect(sent).toEqual([{ id: 'cat-1', body: { data: { publish_leaderboard: false } } }]),
      );
    },
    SLOW,
  );

  it(
    'a learner sees their standing and the top 10 in My progress, or that they have none yet',
    async () => {
      server.use(
        http.get('*/api/reports/my-progress', () =>
          HttpResponse.json({
            data: {
              learner: { documentId: 'stu-9', name: 'Me', rollNumber: null },
              results: [],
              subjects: [],
              attendance: { present: 0, total: 0 },
            },
          }),
        ),
      );
      serveLeaderboard((query) =>
        query.get('categoryId') === 'cat-1'
          ? HttpResponse.json(
              board(
                { rank: 12, total: 120.5, percentile: 45.5, testsTaken: 2 },
                [row(1, 'Asha Rao', 180)],
                20,
                1,
              ),
            )
          : HttpResponse.json(board(null, [], 0)),
      );
      renderApp({ path: '/reports/progress', user: studentUser, authorities: ['ROLE_STUDENT'] });
      const user = userEvent.setup({ delay: null });
      await screen.findByRole('option', { name: 'UPSC Prelims series' }, WAIT);
      await user.selectOptions(
        await screen.findByLabelText('Series (test category)', {}, WAIT),
        'cat-1',
      );
      expect(
        await screen.findByText(
          'Your standing: rank 12 of 20, percentile 45.5, overall score 120.5 over 2 test(s).',
          {},
          WAIT,
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          /1 more test\(s\) of this series count once their scores and ranks are shown to learners/,
        ),
      ).toBeInTheDocument();
      const top = screen.getByRole('table', { name: 'Top 10' });
      expect(within(top).getByText('Asha Rao')).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Series (test category)'), 'cat-2');
      expect(
        await screen.findByText('You have no result in this series yet.', {}, WAIT),
      ).toBeInTheDocument();
      expect(screen.getByText('Nobody ranked yet')).toBeInTheDocument();
    },
    SLOW,
  );
});
