// Issue 22, the staff reports of a multiple-choice test: results, statistics and item analysis.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { reviewBody } from '../test-taking/examFixtures';
import { adminUser } from '../utils/fixtures';
import { expectHiddenChartsWithoutTabStops } from '../utils/hiddenCharts';
import { renderApp } from '../utils/renderApp';
import { resultRow, serveTestReports, testData } from './testReportsFixtures';

const SLOW = 90000;
const open = (query = '') =>
  renderApp({
    path: `/reports?kind=mcq&work=test-1${query}`,
    user: adminUser,
    authorities: ['ROLE_ADMIN'],
  });

describe('reports of a multiple-choice test (staff)', () => {
  it(
    'lists the results with every column, and sends sort, search, filters and pages to the server',
    async () => {
      const rows = Array.from({ length: 25 }, (_, index) =>
        resultRow(index + 1, `Learner ${index + 1}`),
      );
      const { queries } = serveTestReports({ rows, total: 30 });
      open();
      const table = await screen.findByRole('table', { name: 'Test results' }, { timeout: 15000 });
      for (const title of ['Roll number', 'Correct', 'Time taken', 'Percentile', 'Pass / fail']) {
        expect(within(table).getByRole('columnheader', { name: title })).toBeInTheDocument();
      }
      const first = within(table).getAllByRole('row')[1] as HTMLElement;
      expect(within(first).getByText('Learner 1')).toBeInTheDocument();
      expect(within(first).getByText('R-1')).toBeInTheDocument();
      expect(within(first).getByText('11 min 5 s')).toBeInTheDocument();
      expect(within(first).getByText('Pass')).toBeInTheDocument();
      expect(queries[0]?.get('sort')).toBe('score:desc');
      expect(queries[0]?.get('attempt')).toBe('best');
      expect(queries[0]?.get('pageSize')).toBe('25');

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
      await user.selectOptions(screen.getByLabelText('Sort by'), 'name:asc');
      await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('name:asc'));
      expect(queries.at(-1)?.get('page')).toBe('1');
      await user.selectOptions(screen.getByLabelText('Attempt'), 'all');
      await waitFor(() => expect(queries.at(-1)?.get('attempt')).toBe('all'));
      await user.selectOptions(screen.getByLabelText('Batch'), 'batch-1');
      await waitFor(() => expect(queries.at(-1)?.get('batchId')).toBe('batch-1'));
      await user.type(screen.getByLabelText('Search learners'), 'asha');
      await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('asha'));
    },
    SLOW,
  );

  it(
    "opens a learner's attempt review from their row: the learner named, the key shown, back to the results",
    async () => {
      serveTestReports({ rows: [resultRow(1, 'Asha Rao')], total: 1 });
      server.use(
        http.get('*/api/test/prelims/results/:resultId', ({ params }) =>
          params.resultId === 'result-1'
            ? HttpResponse.json(reviewBody())
            : HttpResponse.json(
                { error: { status: 404, message: 'Unknown result.' } },
                { status: 404 },
              ),
        ),
      );
      open();
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole(
          'link',
          { name: 'Review the attempt of Asha Rao' },
          { timeout: 15000 },
        ),
      );
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/testcorner/result/result-1');
      expect(screen.getByRole('link', { name: 'Asha Rao' })).toHaveAttribute(
        'href',
        '/reports/progress/stu-1',
      );
      expect(screen.getByText(/roll number R-1/)).toBeInTheDocument();
      expect(screen.getAllByText(/correct answer/).length).toBeGreaterThan(0);
      expect(screen.getAllByText(/learner's answer/).length).toBeGreaterThan(0);
      expect(screen.queryByText(/your answer/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Back to the results' }));
      expect(
        await screen.findByRole('table', { name: 'Test results' }, { timeout: 15000 }),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'on a phone, stacks each result as a card with every figure named',
    async () => {
      window.innerWidth = 390;
      try {
        serveTestReports({ rows: [resultRow(1, 'Asha Rao'), resultRow(2, 'Ben Das')], total: 2 });
        open();
        const list = await screen.findByRole('list', { name: 'Test results' }, { timeout: 15000 });
        expect(screen.queryByRole('table', { name: 'Test results' })).toBeNull();
        const [first] = within(list).getAllByRole('listitem') as [HTMLElement];
        expect(within(first).getByText('Asha Rao')).toBeInTheDocument();
        const terms = within(first)
          .getAllByRole('term')
          .map((term) => term.textContent);
        expect(terms).toEqual(expect.arrayContaining(['Roll number', 'Percentile', 'Rank']));
        expect(within(first).getByText('R-1')).toBeInTheDocument();
      } finally {
        window.innerWidth = 1280;
      }
    },
    SLOW,
  );

  it(
    'exports the chosen results to xlsx and prints',
    async () => {
      const { exports } = serveTestReports();
      const create = vi.fn(() => 'blob:results');
      Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const print = vi.fn();
      Object.assign(window, { print });
      open('&attempt=last');
      await screen.findByRole('table', { name: 'Test results' }, { timeout: 15000 });
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Export to xlsx' }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(exports[0]?.get('attempt')).toBe('last');
      expect(exports[0]?.get('sort')).toBe('score:desc');
      const saved = click.mock.instances.at(-1) as unknown as HTMLAnchorElement;
      expect(saved.download).toBe('results-Prelims Mock 1.xlsx');
      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
    },
    SLOW,
  );

  it(
    'shows the loading state, says when nobody has a result yet, and shows the message of a failure',
    async () => {
      let release: (value?: unknown) => void = () => {};
      serveTestReports({ rows: [], gate: new Promise((resolve) => (release = resolve)) });
      const view = open();
      expect(
        await screen.findByRole(
          'progressbar',
          { name: 'Loading test results' },
          { timeout: 15000 },
        ),
      ).toBeInTheDocument();
      release();
      expect(await screen.findByText('No results yet', {}, { timeout: 15000 })).toBeInTheDocument();
      view.unmount();
      serveTestReports({ resultsError: 'Unknown batch.' });
      open('&batch=batch-9');
      expect(await screen.findByText('Unknown batch.', {}, { timeout: 15000 })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'offers multiple-choice tests in the kind picker of the Mains results',
    async () => {
      serveTestReports();
      renderApp({ path: '/reports', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const kind = await screen.findByLabelText('Kind', {}, { timeout: 15000 });
      const user = userEvent.setup({ delay: null });
      await user.selectOptions(kind, 'mcq');
      await user.selectOptions(await screen.findByLabelText('Test'), 'test-1');
      expect(
        await screen.findByRole('table', { name: 'Test results' }, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(window.location.search).toContain('kind=mcq');
      expect(window.location.search).toContain('work=test-1');
    },
    SLOW,
  );
});

describe('statistics of a multiple-choice test', () => {
  it(
    'shows the figures, each distribution as a chart with a table, and the batches side by side',
    async () => {
      const { dataQueries } = serveTestReports();
      open('&view=statistics');
      const whole = await screen.findByRole(
        'region',
        { name: 'Prelims Mock 1' },
        { timeout: 20000 },
      );
      expect(within(whole).getByText('31.5')).toBeInTheDocument();
      expect(within(whole).getByText('4.25')).toBeInTheDocument();
      expect(within(whole).getByText('66.7 %')).toBeInTheDocument();
      expect(
        within(whole).getByRole('table', { name: 'Score distribution · Prelims Mock 1' }),
      ).toBeInTheDocument();
      expect(
        within(whole).getByRole('table', { name: 'Time taken · Prelims Mock 1' }),
      ).toBeInTheDocument();
      expectHiddenChartsWithoutTabStops(whole);
      expect(screen.getByRole('region', { name: 'Weekend Batch' })).toBeInTheDocument();
      expect(dataQueries[0]?.get('testId')).toBe('test-1');
      expect(dataQueries[0]?.get('attempt')).toBe('best');
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('switch', { name: 'Show charts as tables' }));
      expect(screen.getByRole('switch', { name: 'Show charts as tables' })).toBeChecked();
    },
    SLOW,
  );

  it(
    'shows the loading state, says when nobody is counted, and shows the message of a failure',
    async () => {
      let release: (value?: unknown) => void = () => {};
      serveTestReports({ data: testData(0), gate: new Promise((resolve) => (release = resolve)) });
      const view = open('&view=statistics');
      expect(
        await screen.findByRole('progressbar', { name: 'Loading statistics' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      release();
      expect(await screen.findByText('No results yet', {}, { timeout: 20000 })).toBeInTheDocument();
      view.unmount();
      serveTestReports({ dataError: 'Test not found.' });
      open('&view=statistics');
      expect(
        await screen.findByText('Test not found.', {}, { timeout: 20000 }),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('item analysis of a multiple-choice test', () => {
  it(
    'shows the figures per question, the flags, and links a flagged question to its test',
    async () => {
      serveTestReports();
      open('&view=items');
      const table = await screen.findByRole('table', { name: 'Item analysis' }, { timeout: 15000 });
      const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
      expect(within(first as HTMLElement).getByText('83.3 %')).toBeInTheDocument();
      expect(within(first as HTMLElement).getByText('Unused distractor')).toBeInTheDocument();
      expect(
        within(first as HTMLElement).getByRole('link', { name: 'Edit question 1' }),
      ).toHaveAttribute('href', '/testcorner/test-1');
      expect(within(second as HTMLElement).queryByRole('link')).toBeNull();
      // The plain-language notes describe the headers.
      expect(within(table).getByText('Facility')).toHaveAccessibleDescription(
        'The share of learners who answered correctly.',
      );
    },
    SLOW,
  );
});
