import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { learner } from '../test-taking/examFixtures';
import { renderApp } from '../utils/renderApp';
import {
  list,
  pagination,
  pdf,
  published,
  serveSitting,
  workItem,
  workQuestion,
  polity,
  economy,
} from './mainsFixtures';

const SLOW = 90000;

describe('Mains work (learner)', () => {
  it(
    'lists the learner’s assignments with deadline, state, status, marks once published and why not',
    async () => {
      const queries: URLSearchParams[] = [];
      server.use(
        http.get('*/api/mains/my-work', ({ request }) => {
          const params = new URL(request.url).searchParams;
          queries.push(params);
          return HttpResponse.json(
            list(
              [
                workItem('assignment', 1),
                workItem('assignment', 2, {
                  canStart: false,
                  reason: 'The submission date has passed.',
                }),
                workItem('assignment', 3, published),
              ],
              pagination(1, 25, 3),
            ),
          );
        }),
      );
      renderApp({ path: '/assignment', ...learner });
      const items = await screen.findByRole(
        'list',
        { name: 'Your assignments' },
        { timeout: 15000 },
      );
      expect(queries[0]?.get('kind')).toBe('assignment');
      expect(within(items).getByRole('link', { name: 'Start Essay Practice 1' })).toHaveAttribute(
        'href',
        '/assignment/asg-1/work',
      );
      const second = within(items).getByRole('listitem', { name: 'Essay Practice 2' });
      expect(within(second).getByText('The submission date has passed.')).toBeInTheDocument();
      expect(within(second).queryByRole('link', { name: /^Open/ })).toBeNull();
      const third = within(items).getByRole('listitem', { name: 'Essay Practice 3' });
      expect(within(third).getByText('Published')).toBeInTheDocument();
      expect(within(third).getByText('Submitted')).toBeInTheDocument();
      expect(within(third).getByText('Marks 15.50 / 20')).toBeInTheDocument();
      expect(
        within(third).getByRole('link', { name: 'Marked copy (Indian Polity)' }),
      ).toHaveAttribute('href', `${window.location.origin}/uploads/marked-polity.pdf`);
      expect(within(third).getByRole('link', { name: 'Open Essay Practice 3' })).toHaveAttribute(
        'href',
        '/assignment/asg-3/work?attempt=attempt-9',
      );
      // Marks are never shown before publishing.
      expect(within(items).getAllByText(/^Marks /)).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'uploads answers with progress, refuses wrong files in the browser, removes one, and keeps them when the server refuses',
    async () => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const record = serveSitting({ uploadGate: gate });
      renderApp({ path: '/assignment/asg-1/work', ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Essay Practice 1' }, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(record.starts).toEqual([{ kind: 'assignment', documentId: 'asg-1' }]);
      expect(screen.getByRole('link', { name: 'essay-brief.pdf' })).toBeInTheDocument();
      expect(screen.getByRole('timer', { name: 'Time left' })).toBeInTheDocument();
      const first = screen.getByRole('listitem', { name: 'Question 1' });
      expect(within(first).getByText('Indian Polity')).toBeInTheDocument();
      expect(
        within(screen.getByRole('listitem', { name: 'Question 2' })).getByText('Indian Economy'),
      ).toBeInTheDocument();

      const user = userEvent.setup({ delay: null, applyAccept: false });
      const input = screen.getByLabelText('Upload answer for question 1');
      // Type and size are checked before anything is sent.
      await user.upload(input, [
        new File(['notes'], 'notes.txt', { type: 'text/plain' }),
        pdf('huge.pdf', 21 * 1024 * 1024),
      ]);
      expect(
        await within(first).findByText(
          'notes.txt: Only PDF or image files (PNG, JPEG, WebP) can be uploaded as answers.',
        ),
      ).toBeInTheDocument();
      expect(
        within(first).getByText('huge.pdf: Each file must be 20 MB or smaller.'),
      ).toBeInTheDocument();
      expect(record.uploads).toEqual([]);

      record.sending.push('answer-1.pdf', 'answer-1b.pdf');
      await user.upload(input, [pdf('answer-1.pdf'), pdf('answer-1b.pdf')]);
      expect(
        await within(first).findByRole('progressbar', { name: 'Uploading 2 files' }),
      ).toBeInTheDocument();
      release();
      expect(await within(first).findByRole('link', { name: 'answer-1.pdf' })).toBeInTheDocument();
      expect(within(first).getByRole('link', { name: 'answer-1b.pdf' })).toBeInTheDocument();
      expect(within(first).queryByRole('progressbar')).toBeNull();
      expect(record.uploads).toEqual([
        { answerId: 'answer-1', names: ['answer-1.pdf', 'answer-1b.pdf'] },
      ]);

      await user.click(within(first).getByRole('button', { name: 'Remove answer-1b.pdf' }));
      await waitFor(() =>
        expect(within(first).queryByRole('link', { name: 'answer-1b.pdf' })).toBeNull(),
      );
      expect(record.removals).toEqual(['answer-1/101']);

      // The server's refusal is shown as given; the documents already there stay.
      record.uploadError = { status: 403, message: 'The submission date has passed.' };
      record.sending.push('late.pdf');
      await user.upload(input, [pdf('late.pdf')]);
      expect(await within(first).findByText('The submission date has passed.')).toBeInTheDocument();
      expect(within(first).getByRole('link', { name: 'answer-1.pdf' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks before submitting, says how many questions have no document, shows a refusal, then the status',
    async () => {
      const record = serveSitting();
      renderApp({ path: '/assignment/asg-1/work', ...learner });
      const user = userEvent.setup({ delay: null });
      const first = await screen.findByRole('listitem', { name: 'Question 1' }, { timeout: 15000 });
      record.sending.push('a.pdf');
      await user.upload(within(first).getByLabelText('Upload answer for question 1'), [
        pdf('a.pdf'),
      ]);
      expect(await within(first).findByRole('link', { name: 'a.pdf' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Submit answers' }));
      let dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
      expect(within(dialog).getByText('1 of 2 questions have no document.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(record.submits).toEqual([]);

      const second = screen.getByRole('listitem', { name: 'Question 2' });
      record.sending.push('b.pdf');
      await user.upload(within(second).getByLabelText('Upload answer for question 2'), [
        pdf('b.pdf'),
      ]);
      expect(await within(second).findByRole('link', { name: 'b.pdf' })).toBeInTheDocument();

      record.submitError = { status: 403, message: 'The submission date has passed.' };
      await user.click(screen.getByRole('button', { name: 'Submit answers' }));
      dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
      expect(
        within(dialog).getByText('Every question (2) has at least one document.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Submit now' }));
      expect(
        await within(dialog).findByText('The submission date has passed.'),
      ).toBeInTheDocument();

      record.submitError = null;
      await user.click(within(dialog).getByRole('button', { name: 'Submit now' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Submitted')).toBeInTheDocument();
      expect(screen.getByText('Status: Not Started')).toBeInTheDocument();
      expect(record.submits.at(-1)).toEqual({ attemptId: 'attempt-1' });
      expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
      expect(screen.queryByLabelText('Upload answer for question 1')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows a published sitting with its marks and marked copies, and a Mains test from the test corner',
    async () => {
      server.use(
        http.get('*/api/mains/attempts/:attemptId', () =>
          HttpResponse.json({
            data: {
              work: workItem('test', 1, published),
              attempt: {
                documentId: 'attempt-9',
                start_date_time: '2026-11-01T04:00:00.000Z',
                expires_at: null,
              },
              questions: [workQuestion(1, polity), workQuestion(2, economy)],
              answers: [
                {
                  documentId: 'answer-1',
                  question: 'q-1',
                  documents: [{ id: 3, name: 'mine.pdf', url: '/uploads/mine.pdf' }],
                },
                { documentId: 'answer-2', question: 'q-2', documents: [] },
              ],
              serverTime: new Date().toISOString(),
              submitted: true,
              resultId: 'result-9',
            },
          }),
        ),
        http.get('*/api/test/prelims/my-tests', () => HttpResponse.json(list([]))),
        http.get('*/api/mains/my-work', ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind');
          return HttpResponse.json(list(kind === 'test' ? [workItem('test', 1, published)] : []));
        }),
      );
      renderApp({ path: '/testcorner', ...learner });
      const section = await screen.findByRole(
        'region',
        { name: 'Mains tests' },
        { timeout: 15000 },
      );
      const user = userEvent.setup({ delay: null });
      const open = await within(section).findByRole('link', {
        name: 'Open Mains Answer Writing 1',
      });
      expect(open).toHaveAttribute('href', '/testcorner/mains/test-m1?attempt=attempt-9');
      await user.click(open);
      expect(await screen.findByText('Status: Published')).toBeInTheDocument();
      expect(screen.getByText('Marks 15.50 / 20')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Marked copy (Indian Polity)' })).toBeInTheDocument();
      expect(screen.getByText('Indian Economy: 7.50')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'mine.pdf' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
    },
    SLOW,
  );
  it(
    'opens a submitted work met without its attempt (start refuses) at that sitting, and shows a start refusal as given',
    async () => {
      let refusal = 'You have already submitted this work.';
      server.use(
        http.post('*/api/mains/start', () =>
          HttpResponse.json(
            { data: null, error: { status: 409, name: 'ConflictError', message: refusal } },
            { status: 409 },
          ),
        ),
        http.get('*/api/mains/my-work', () =>
          HttpResponse.json(
            list([
              workItem('assignment', 2),
              workItem('assignment', 1, {
                state: 'submitted',
                attemptId: 'attempt-7',
                status: 'Pending',
              }),
            ]),
          ),
        ),
        http.get('*/api/mains/attempts/:attemptId', ({ params }) =>
          HttpResponse.json({
            data: {
              work: workItem('assignment', 1, { state: 'submitted', status: 'In Progress' }),
              attempt: {
                documentId: String(params.attemptId),
                start_date_time: '2026-11-01T04:00:00.000Z',
                expires_at: null,
              },
              questions: [workQuestion(1, polity)],
              answers: [{ documentId: 'answer-1', question: 'q-1', documents: [] }],
              serverTime: new Date().toISOString(),
              submitted: true,
              resultId: 'result-7',
            },
          }),
        ),
      );
      const first = renderApp({ path: '/assignment/asg-1/work', ...learner });
      expect(
        await screen.findByText('Status: In Progress', {}, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
      first.unmount();

      refusal = 'This work has no questions yet.';
      renderApp({ path: '/assignment/asg-2/work', ...learner });
      expect(
        await screen.findByText('This work has no questions yet.', {}, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to assignments' })).toHaveAttribute(
        'href',
        '/assignment',
      );
    },
    SLOW,
  );
});
