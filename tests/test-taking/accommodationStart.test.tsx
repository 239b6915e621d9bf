// The learner's start page with an accommodation (issue 23): opened directly, it asks the list
// for this one test and shows the learner's own time ("Your time: 90 minutes (includes 30 extra)")
// and own window; without one, the test's duration.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { learner, myTest } from './examFixtures';

const SLOW = 90000;

function serveStart(extra: Record<string, unknown>) {
  const listQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/tests/:testId', () =>
      HttpResponse.json({
        data: {
          documentId: 'test-1',
          TestName: 'Test 1',
          Description: null,
          instructions: null,
          TestDuration: 60,
          MaximumMarks: '50.00',
          PassMark: '20',
          pass_mark_unit: 'marks',
          enable_practice_test: false,
          ValidFrom: null,
          ValidTo: null,
          max_attempts: 1,
          max_practice_attempts: null,
        },
        meta: {},
      }),
    ),
    http.get('*/api/test/prelims/my-tests', ({ request }) => {
      listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        data: [myTest(1, extra)],
        meta: { pagination: { page: 1, pageSize: 1, pageCount: 1, total: 1 } },
      });
    }),
  );
  return listQueries;
}

describe('the start page shows the learner their own time (issue 23)', () => {
  it(
    'with an accommodation: their minutes, the extra, their attempts',
    async () => {
      const queries = serveStart({
        effectiveDuration: 90,
        extraMinutes: 30,
        accommodated: true,
        max_attempts: 2,
        attemptsUsed: 0,
        attemptsLeft: 2,
      });
      renderApp({ path: '/testcorner/test-1/start', ...learner });
      expect(
        await screen.findByText('Your time: 90 minutes (includes 30 extra)', undefined, {
          timeout: 20000,
        }),
      ).toBeInTheDocument();
      expect(queries.some((q) => q.get('testId') === 'test-1')).toBe(true);
    },
    SLOW,
  );

  it(
    "without one: the test's duration",
    async () => {
      serveStart({ effectiveDuration: 60, extraMinutes: 0, accommodated: false });
      renderApp({ path: '/testcorner/test-1/start', ...learner });
      expect(await screen.findByText('60 min', undefined, { timeout: 20000 })).toBeInTheDocument();
      expect(screen.queryByText(/Your time/)).toBeNull();
    },
    SLOW,
  );
});
