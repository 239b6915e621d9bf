// Issue 23: a Mains test's clock (and a timed assignment's) starts only after the learner
// confirms a dialog that gives the duration and the rules; an untimed assignment opens directly.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { learner } from '../test-taking/examFixtures';
import { renderApp } from '../utils/renderApp';
import { list, serveSitting, workItem, workQuestion, polity } from './mainsFixtures';

const SLOW = 90000;

describe('starting timed Mains work', () => {
  it(
    'asks before a Mains test starts, with the duration and the rules; cancel starts nothing',
    async () => {
      const item = workItem('test', 1, { durationMinutes: 60 });
      const record = serveSitting({ kind: 'test', item });
      server.use(
        http.get('*/api/test/prelims/my-tests', () => HttpResponse.json(list([]))),
        http.get('*/api/mains/my-work', ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind');
          return HttpResponse.json(list(kind === 'test' ? [item] : []));
        }),
      );
      renderApp({ path: '/testcorner', ...learner });
      const section = await screen.findByRole(
        'region',
        { name: 'Mains tests' },
        { timeout: 15000 },
      );
      const user = userEvent.setup({ delay: null });
      await user.click(
        await within(section).findByRole('button', { name: 'Start Mains Answer Writing 1' }),
      );
      let dialog = await screen.findByRole('dialog', { name: 'Start Mains Answer Writing 1?' });
      expect(
        within(dialog).getByText(/You have 60 minutes from the moment you start/),
      ).toBeInTheDocument();
      expect(within(dialog).getByText(/keeps running if you leave the page/)).toBeInTheDocument();
      expect(within(dialog).getByText(/uploads and submitting are refused/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(record.starts).toEqual([]);

      // The list is hidden from assistive technology until the dialog has gone.
      await user.click(
        await within(section).findByRole(
          'button',
          { name: 'Start Mains Answer Writing 1' },
          { timeout: 5000 },
        ),
      );
      dialog = await screen.findByRole('dialog', { name: 'Start Mains Answer Writing 1?' });
      await user.click(within(dialog).getByRole('button', { name: 'Start now' }));
      expect(
        await screen.findByRole('heading', { name: 'Mains Answer Writing 1' }, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(record.starts).toEqual([{ kind: 'test', documentId: 'test-m1' }]);
    },
    SLOW,
  );

  it(
    'asks on the work page too when the learner arrives by its address',
    async () => {
      const item = workItem('test', 1, { durationMinutes: 45 });
      const record = serveSitting({ kind: 'test', item });
      server.use(
        http.get('*/api/test/prelims/my-tests', () => HttpResponse.json(list([]))),
        http.get('*/api/mains/my-work', ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind');
          return HttpResponse.json(list(kind === 'test' ? [item] : []));
        }),
      );
      renderApp({ path: '/testcorner/mains/test-m1', ...learner });
      const user = userEvent.setup({ delay: null });
      let dialog = await screen.findByRole(
        'dialog',
        { name: 'Start Mains Answer Writing 1?' },
        { timeout: 15000 },
      );
      expect(
        within(dialog).getByText(/You have 45 minutes from the moment you start/),
      ).toBeInTheDocument();
      // Cancel goes back to the list and starts nothing.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await screen.findByRole('region', { name: 'Mains tests' }, { timeout: 15000 });
      expect(record.starts).toEqual([]);
      // From the list, one confirmation (the card's) is enough.
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Start Mains Answer Writing 1' },
          { timeout: 5000 },
        ),
      );
      dialog = await screen.findByRole('dialog', { name: 'Start Mains Answer Writing 1?' });
      await user.click(within(dialog).getByRole('button', { name: 'Start now' }));
      expect(
        await screen.findByRole('heading', { name: 'Mains Answer Writing 1' }, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(record.starts).toEqual([{ kind: 'test', documentId: 'test-m1' }]);
    },
    SLOW,
  );

  it(
    'says when the time ended with nothing uploaded, and offers no upload or submit',
    async () => {
      const item = workItem('assignment', 1, {
        durationMinutes: 20,
        state: 'time-ended',
        attemptId: 'attempt-9',
        canStart: false,
        reason: 'Your time for this work ended before anything was uploaded.',
      });
      server.use(
        http.get('*/api/mains/my-work', () => HttpResponse.json(list([item]))),
        http.get('*/api/mains/attempts/attempt-9', () =>
          HttpResponse.json({
            data: {
              work: item,
              attempt: {
                documentId: 'attempt-9',
                start_date_time: '2026-11-22T04:00:00.000Z',
                expires_at: '2026-11-22T04:20:00.000Z',
              },
              questions: [workQuestion(1, polity)],
              answers: [{ documentId: 'answer-9', question: 'q-1', documents: [] }],
              serverTime: new Date().toISOString(),
              resumed: true,
              submitted: true,
              resultId: null,
            },
          }),
        ),
      );
      renderApp({ path: '/assignment', ...learner });
      const user = userEvent.setup({ delay: null });
      const items = await screen.findByRole(
        'list',
        { name: 'Your assignments' },
        { timeout: 15000 },
      );
      expect(within(items).getByText('Time ended')).toBeInTheDocument();
      await user.click(within(items).getByRole('link', { name: 'Open Essay Practice 1' }));
      expect(
        await screen.findByText(
          'Your time ended before anything was uploaded, so nothing was submitted.',
          {},
          { timeout: 15000 },
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit answers' })).not.toBeInTheDocument();
      expect(screen.queryByText('Submitted')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'opens an assignment without a duration directly',
    async () => {
      server.use(
        http.get('*/api/mains/my-work', () => HttpResponse.json(list([workItem('assignment', 1)]))),
      );
      renderApp({ path: '/assignment', ...learner });
      const items = await screen.findByRole(
        'list',
        { name: 'Your assignments' },
        { timeout: 15000 },
      );
      expect(within(items).getByRole('link', { name: 'Start Essay Practice 1' })).toHaveAttribute(
        'href',
        '/assignment/asg-1/work',
      );
    },
    SLOW,
  );
});
