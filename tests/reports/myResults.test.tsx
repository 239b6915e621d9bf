// Issue 22: a learner's "My results" lists their multiple-choice (Prelims) results beside the
// Mains ones, read from GET /api/reports/my-progress.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { list } from '../mains/mainsFixtures';
import { learner } from '../test-taking/examFixtures';
import { renderApp } from '../utils/renderApp';

const SLOW = 90000;
const WAIT = { timeout: 15000 };

const progress = (results: unknown[]) => ({
  data: {
    learner: { documentId: 'stu-1', name: 'Asha Rao', rollNumber: 'R-1' },
    results,
    subjects: [],
    attendance: { present: 0, total: 0 },
  },
});

const mcq = {
  kind: 'test',
  work: { documentId: 'test-1', name: 'Prelims Mock 1' },
  date: '2026-03-01T04:30:00.000Z',
  score: 30,
  maxMarks: 40,
  percent: 75,
  rank: 2,
  percentile: 62.5,
};
const mains = {
  kind: 'mains-test',
  work: { documentId: 'test-9', name: 'Mains Mock 9' },
  date: '2026-03-02T04:30:00.000Z',
  score: 12,
  maxMarks: 20,
  percent: 60,
  rank: null,
  percentile: null,
};

function serve(answer: () => Response | Promise<Response>) {
  let calls = 0;
  server.use(
    http.get('*/api/mains/my-work', () => HttpResponse.json(list([]))),
    http.get('*/api/reports/my-progress', () => {
      calls += 1;
      return answer();
    }),
  );
  return () => calls;
}

const open = () => renderApp({ path: '/reports', ...learner });

describe('My results: multiple-choice tests', () => {
  it(
    'shows loading, then each MCQ result with date, score, percent, rank and percentile',
    async () => {
      let release: (value?: unknown) => void = () => {};
      const gate = new Promise((resolve) => (release = resolve));
      serve(async () => {
        await gate;
        return HttpResponse.json(progress([mcq, mains]));
      });
      open();
      expect(
        await screen.findByRole(
          'progressbar',
          { name: 'Loading your multiple-choice results' },
          WAIT,
        ),
      ).toBeInTheDocument();
      release();
      const section = await screen.findByRole('region', { name: 'Multiple-choice tests' }, WAIT);
      const table = await within(section).findByRole(
        'table',
        { name: 'Your multiple-choice test results' },
        WAIT,
      );
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(2);
      const cells = within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells[0]).toBe('Prelims Mock 1');
      expect(cells[1]).toMatch(/2026/);
      expect(cells.slice(2)).toEqual(['30 / 40', '75 %', '2', '62.5']);
      expect(within(table).queryByText('Mains Mock 9')).toBeNull();
    },
    SLOW,
  );

  it(
    'says so when the learner has no MCQ results',
    async () => {
      serve(() => HttpResponse.json(progress([mains])));
      open();
      expect(await screen.findByText('No multiple-choice tests yet', {}, WAIT)).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Your multiple-choice test results' })).toBeNull();
    },
    SLOW,
  );

  it(
    'shows an error with a retry that loads the results',
    async () => {
      let fail = true;
      const calls = serve(() =>
        fail
          ? HttpResponse.json({ error: { status: 500, message: 'Boom' } }, { status: 500 })
          : HttpResponse.json(progress([mcq])),
      );
      open();
      const retry = await screen.findByRole('button', { name: /retry/i }, WAIT);
      fail = false;
      await userEvent.click(retry);
      expect(await screen.findByText('Prelims Mock 1', {}, WAIT)).toBeInTheDocument();
      expect(calls()).toBeGreaterThanOrEqual(2);
    },
    SLOW,
  );
});
