// Issue 23, the integrity log: the player records a tab switch and copy/paste and sends them with
// the next answer save (no request of its own; gone from the queue once saved); the learner is
// told before the start; staff read the timeline on the review and the count in the results.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { examDb } from '../../src/features/test-taking/examDb';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { resultRow, serveTestReports } from '../reports/testReportsFixtures';
import { ATTEMPT_ID, learner, myTest, reviewBody, serveExam } from './examFixtures';

const SLOW = 90000;

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
  await examDb.pendingEvents.clear();
});

describe('the integrity log', () => {
  it(
    'sends a tab switch and a paste with the next answer save, once',
    async () => {
      const exam = serveExam();
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      const user = userEvent.setup();

      setVisibility('hidden');
      setVisibility('visible');
      act(() => {
        document.dispatchEvent(new Event('paste'));
      });
      // Nothing is sent on its own: the events wait for a save.
      expect(exam.saves).toHaveLength(0);
      await waitFor(async () => expect(await examDb.pendingEvents.count()).toBe(2));

      await user.click(screen.getByRole('radio', { name: 'B. Answer 1b' }));
      await waitFor(() => expect(exam.saves).toHaveLength(1));
      expect(exam.saves[0]?.events?.map((e) => e.kind)).toEqual(['tab-hidden', 'paste']);
      expect(Number.isNaN(Date.parse(exam.saves[0]?.events?.[0]?.at ?? ''))).toBe(false);
      await waitFor(async () => expect(await examDb.pendingEvents.count()).toBe(0));

      // Sent once: the next save carries none.
      await user.click(screen.getByRole('radio', { name: 'C. Answer 1c' }));
      await waitFor(() => expect(exam.saves).toHaveLength(2));
      expect(exam.saves[1]?.events).toBeUndefined();
    },
    SLOW,
  );

  it(
    'shows staff the attempt’s timeline on the review, and the count in the results',
    async () => {
      serveTestReports({ rows: [resultRow(1, 'Asha Rao', { integrityEvents: 3 })], total: 1 });
      server.use(
        http.get('*/api/test/prelims/results/:resultId', () => HttpResponse.json(reviewBody())),
        http.get('*/api/reports/results/:resultId/events', ({ params }) =>
          params.resultId === 'result-1'
            ? HttpResponse.json({
                data: [
                  {
                    kind: 'tab-hidden',
                    detail: '',
                    clientAt: '2026-03-01T10:00:00.000Z',
                    serverAt: '2026-03-01T10:00:01.000Z',
                  },
                  {
                    kind: 'offline',
                    detail: '12 s offline',
                    clientAt: '2026-03-01T10:05:00.000Z',
                    serverAt: '2026-03-01T10:05:02.000Z',
                  },
                  {
                    kind: 'ip-change',
                    detail: '203.0.113.10 → 198.51.100.7',
                    clientAt: null,
                    serverAt: '2026-03-01T10:06:00.000Z',
                  },
                ],
                meta: { total: 3, stored: 3, firstIp: '203.0.113.10' },
              })
            : HttpResponse.json({ data: [], meta: { total: 0 } }),
        ),
      );
      renderApp({
        path: '/reports?kind=mcq&work=test-1',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const table = await screen.findByRole('table', { name: 'Test results' }, { timeout: 15000 });
      expect(
        within(table).getByRole('columnheader', { name: 'Integrity events' }),
      ).toBeInTheDocument();
      const row = within(table).getAllByRole('row')[1] as HTMLElement;
      const cells = within(row).getAllByRole('cell');
      const headers = within(table).getAllByRole('columnheader');
      const column = headers.findIndex((h) => h.textContent === 'Integrity events');
      expect(cells[column]).toHaveTextContent('3');

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('link', { name: 'Review the attempt of Asha Rao' }));
      const log = await screen.findByRole('list', { name: 'Integrity events' }, { timeout: 20000 });
      const items = within(log).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('Switched to another tab or app');
      expect(items[1]).toHaveTextContent('Was offline (12 s offline)');
      expect(items[2]).toHaveTextContent('IP address changed (203.0.113.10 → 198.51.100.7)');
      expect(screen.getByText(/First IP address: 203\.0\.113\.10/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'tells the learner before the start what is recorded, fullscreen included when required',
    async () => {
      serveExam();
      server.use(
        http.get('*/api/test/prelims/my-tests', () =>
          HttpResponse.json({
            data: [myTest(1)],
            meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
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
              TestDuration: 60,
              MaximumMarks: 50,
              PassMark: null,
              pass_mark_unit: 'marks',
              enable_practice_test: false,
              ValidFrom: null,
              ValidTo: null,
              max_attempts: 1,
              require_fullscreen: true,
            },
            meta: {},
          }),
        ),
      );
      renderApp({ path: '/testcorner/test-1/start', ...learner });
      const notice = await screen.findByLabelText('What is recorded', {}, { timeout: 20000 });
      expect(notice).toHaveTextContent(/switching to another tab or window/);
      expect(notice).toHaveTextContent(/each time you leave fullscreen is recorded/);
      expect(notice).toHaveTextContent(/Nothing in the log changes your marks/);
    },
    SLOW,
  );

  it(
    'is never shown to the learner on their own review',
    async () => {
      serveExam();
      let asked = 0;
      server.use(
        http.get('*/api/test/prelims/results/:resultId', () => HttpResponse.json(reviewBody())),
        http.get('*/api/reports/results/:resultId/events', () => {
          asked += 1;
          return HttpResponse.json({ data: [], meta: { total: 0 } });
        }),
      );
      renderApp({ path: '/testcorner/result/result-1', ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Integrity log' })).not.toBeInTheDocument();
      expect(asked).toBe(0);
    },
    SLOW,
  );
});
