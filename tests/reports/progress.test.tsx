// Issue 22, a learner's progress: "My progress" for the learner, and staff's view of any learner
// from a test's results.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { adminUser, studentUser } from '../utils/fixtures';
import { expectHiddenChartsWithoutTabStops } from '../utils/hiddenCharts';
import { renderApp } from '../utils/renderApp';
import { serveTestReports } from './testReportsFixtures';

const SLOW = 90000;
const WAIT = { timeout: 15000 };

const progress = (results: unknown[] = [], subjects: unknown[] = []) => ({
  data: {
    learner: { documentId: 'stu-1', name: 'Asha Rao', rollNumber: 'R-1' },
    results,
    subjects,
    attendance: { present: 3, total: 4 },
  },
});

const twoResults = [
  {
    kind: 'test',
    work: { documentId: 'test-1', name: 'Prelims Mock 1' },
    date: '2026-03-01T04:30:00.000Z',
    score: 30,
    maxMarks: 40,
    percent: 75,
    rank: 2,
    percentile: 62.5,
  },
  {
    kind: 'assignment',
    work: { documentId: 'asg-1', name: 'Essay 1' },
    date: '2026-03-08T04:30:00.000Z',
    score: 12,
    maxMarks: 20,
    percent: 60,
    rank: null,
    percentile: null,
  },
];

const subjects = [
  { subject: { documentId: 'sub-1', name: 'History' }, average: 80, results: 2 },
  { subject: { documentId: 'sub-2', name: 'Polity' }, average: 45.5, results: 1 },
];

/** Serves both progress endpoints; records which one was called. */
function serveProgress(answer: () => Response | Promise<Response>) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/reports/my-progress', () => {
      calls.push('mine');
      return answer();
    }),
    http.get('*/api/reports/learners/:studentDocumentId/progress', ({ params }) => {
      calls.push(`learner:${String(params.studentDocumentId)}`);
      return answer();
    }),
  );
  return calls;
}

const asLearner = () =>
  renderApp({ path: '/reports/progress', user: studentUser, authorities: ['ROLE_STUDENT'] });

describe("a learner's progress", () => {
  it(
    'shows the loading state, then the results, subjects, attendance and prints',
    async () => {
      let release: (value?: unknown) => void = () => {};
      const gate = new Promise((resolve) => (release = resolve));
      const calls = serveProgress(async () => {
        await gate;
        return HttpResponse.json(progress(twoResults, subjects));
      });
      asLearner();
      expect(
        await screen.findByRole('progressbar', { name: 'Loading progress' }, WAIT),
      ).toBeInTheDocument();
      release();
      const table = await screen.findByRole('table', { name: 'Results over time' }, WAIT);
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      const first = rows[1] as HTMLElement;
      expect(within(first).getByText('Prelims Mock 1')).toBeInTheDocument();
      expect(within(first).getByText('Test')).toBeInTheDocument();
      expect(within(first).getByText('30 / 40')).toBeInTheDocument();
      expect(within(first).getByText('75 %')).toBeInTheDocument();
      expect(within(first).getByText('62.5')).toBeInTheDocument();
      expect(
        within(first).getByText(
          new Date('2026-03-01T04:30:00.000Z').toLocaleString(undefined, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
        ),
      ).toBeInTheDocument();
      expect(within(rows[2] as HTMLElement).getByText('Assignment')).toBeInTheDocument();
      expect(
        screen.getByRole('table', { name: 'Percent and percentile over time' }),
      ).toBeInTheDocument();
      expectHiddenChartsWithoutTabStops();

      const list = screen.getByRole('region', { name: 'Subjects' });
      const items = within(list).getAllByRole('listitem');
      expect(within(items[0] as HTMLElement).getByText('History')).toBeInTheDocument();
      expect(within(items[0] as HTMLElement).getByText('Strongest')).toBeInTheDocument();
      expect(within(items[1] as HTMLElement).getByText('Weakest')).toBeInTheDocument();
      expect(within(items[1] as HTMLElement).getByText('45.5 % · 1 result')).toBeInTheDocument();
      expect(screen.getByText(/Live classes attended: 3 of 4/)).toBeInTheDocument();
      expect(calls).toEqual(['mine']);

      const print = vi.fn();
      Object.assign(window, { print });
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
      const menu = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(menu).getByRole('link', { name: 'My progress' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    },
    SLOW,
  );

  it(
    'says when there are no results yet',
    async () => {
      serveProgress(() => HttpResponse.json(progress()));
      asLearner();
      expect(await screen.findByText('No results yet', {}, WAIT)).toBeInTheDocument();
      expect(screen.getByText(/Live classes attended: 3 of 4/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows the server's message when the progress fails",
    async () => {
      serveProgress(() =>
        HttpResponse.json(
          {
            data: null,
            error: {
              status: 403,
              name: 'ForbiddenError',
              message: 'Only learners have their own progress.',
            },
          },
          { status: 403 },
        ),
      );
      asLearner();
      expect(
        await screen.findByText('Only learners have their own progress.', {}, WAIT),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "takes staff from a test's results to a learner's progress, from the staff endpoint",
    async () => {
      serveTestReports();
      const calls = serveProgress(() => HttpResponse.json(progress(twoResults, subjects)));
      renderApp({
        path: '/reports?kind=mcq&work=test-1',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const results = await screen.findByRole('table', { name: 'Test results' }, WAIT);
      await userEvent
        .setup({ delay: null })
        .click(within(results).getByRole('link', { name: 'Asha Rao' }));
      expect(
        await screen.findByRole('table', { name: 'Results over time' }, WAIT),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/reports/progress/stu-1');
      expect(screen.getByRole('heading', { name: 'Progress · Asha Rao' })).toBeInTheDocument();
      await waitFor(() => expect(calls).toEqual(['learner:stu-1']));
    },
    SLOW,
  );
});
