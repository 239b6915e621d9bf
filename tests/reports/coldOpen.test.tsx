// Issue 27's cold open of a script: with the address of a script page typed, the script is asked
// for as soon as the session is restored (app/routePreload.ts), before the reports screen has
// loaded, and the page then uses that answer instead of asking again; learners and other pages
// ask for nothing ahead.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { preloadRouteData } from '../../src/app/routePreload';
import { makeStore } from '../../src/store/store';
import { server } from '../msw/server';
import { signedInSession } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { facultyUser } from '../courses/courseFixtures';
import { economy, polity, workQuestion } from '../mains/mainsFixtures';
import { learner } from '../test-taking/examFixtures';

const work = {
  kind: 'test',
  documentId: 'test-1',
  name: 'Mains Answer Writing 1',
  maximumMarks: 20,
  subjects: [polity, economy],
};

/** Serves the script and counts how often it is asked for. */
function serveScript(): { count: () => number } {
  let count = 0;
  server.use(
    http.get('*/api/mains/scripts/:resultId', () => {
      count += 1;
      return HttpResponse.json({
        data: {
          work,
          student: { documentId: 'stu-1', name: 'Meena Joshi' },
          submittedAt: '2026-11-21T10:00:00.000Z',
          status: 'Submitted',
          pendingSubjects: [],
          questions: [workQuestion(1, polity)],
          answers: [],
          evaluations: [],
          canEvaluate: [polity.documentId],
        },
      });
    }),
  );
  return { count: () => count };
}

describe('the cold open of a script (issue 27)', () => {
  it('asks for the script of the typed address once the session is restored', async () => {
    const served = serveScript();
    const store = makeStore({ session: signedInSession(facultyUser, ['ROLE_FACULTY']) });
    preloadRouteData(store, '/reports/scripts/result-1');
    await waitFor(() => expect(served.count()).toBe(1));
  });

  it('asks for nothing ahead for learners, visitors or other pages', async () => {
    const served = serveScript();
    preloadRouteData(
      makeStore({ session: signedInSession(learner.user, learner.authorities) }),
      '/reports/scripts/result-1',
    );
    preloadRouteData(makeStore(), '/reports/scripts/result-1');
    preloadRouteData(
      makeStore({ session: signedInSession(facultyUser, ['ROLE_FACULTY']) }),
      '/reports/progress/result-1',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(served.count()).toBe(0);
  });

  it('opens the page with the script asked for ahead, without asking again', async () => {
    const served = serveScript();
    server.use(http.get('*/api/top-notifications', () => HttpResponse.json({ data: [] })));
    renderApp({
      path: '/reports/scripts/result-1',
      user: facultyUser,
      authorities: ['ROLE_FACULTY'],
    });
    expect(
      (await screen.findAllByText(/Meena Joshi/, {}, { timeout: 15000 })).length,
    ).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(served.count()).toBe(1);
  }, 30000);
});
