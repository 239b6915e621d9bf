// Issue 27 on the SPA: the marking progress board (administrators: counts, time since submission,
// what publishing waits for; faculty: their queue and "Next script"), an administrator reopening a
// completed evaluation with a reason, and a published result's per-question marks and comments
// (the learner's My results).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { facultyUser } from '../courses/courseFixtures';
import {
  economy,
  list,
  pagination,
  polity,
  published,
  workItem,
  workQuestion,
} from '../mains/mainsFixtures';
import { learner } from '../test-taking/examFixtures';
import { progressBoard, queueOfTwo, queuedScript } from './gradingFixtures';

const SLOW = 90000;

const work = {
  kind: 'assignment',
  documentId: 'asg-1',
  name: 'Essay Practice 1',
  maximumMarks: 20,
  subjects: [polity, economy],
};

function serveBoard(board: Record<string, unknown>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/mains/works', () =>
      HttpResponse.json(list([{ ...work, submitted: 4, completed: 1, published: 0 }])),
    ),
    http.get('*/api/batches', () => HttpResponse.json(list([]))),
    http.get('*/api/mains/results', () =>
      HttpResponse.json({ data: { work, rows: [] }, meta: { pagination: pagination(1, 50, 0) } }),
    ),
    http.get('*/api/mains/progress', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: board });
    }),
  );
  return asked;
}

describe('marking progress (issue 27)', () => {
  it(
    'shows administrators the counts per subject and faculty, waiting times and what is missing',
    async () => {
      const asked = serveBoard(progressBoard());
      renderApp({
        path: '/reports?kind=assignment&work=asg-1',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const board = await screen.findByRole(
        'region',
        { name: 'Marking progress' },
        { timeout: 15000 },
      );
      expect(asked[0]?.get('kind')).toBe('assignment');
      expect(asked[0]?.get('documentId')).toBe('asg-1');
      expect(within(board).getByText('1 of 4 scripts complete (25 %)')).toBeInTheDocument();
      expect(within(board).getByRole('progressbar', { name: 'Scripts complete' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      );
      const polityGroup = within(board).getByRole('group', { name: 'Progress of Indian Polity' });
      // Per subject: done out of waiting + in progress + done (2 of 1 + 1 + 2).
      expect(within(polityGroup).getByText('Done: 2 of 4 (50 %)')).toBeInTheDocument();
      expect(
        within(polityGroup).getByRole('progressbar', { name: 'Indian Polity done' }),
      ).toHaveAttribute('aria-valuenow', '50');
      expect(
        within(polityGroup).getByText('Waiting: 1 (oldest submitted 5 h ago)'),
      ).toBeInTheDocument();
      const row = within(polityGroup).getByRole('row', { name: /Priya Raman/ });
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['Priya Raman', '0', '1', '2', '30 h']);
      const economyGroup = within(board).getByRole('group', { name: 'Progress of Indian Economy' });
      expect(within(economyGroup).getByText('Done: 0 of 3 (0 %)')).toBeInTheDocument();
      expect(
        within(economyGroup).getByText('Waiting: 3 (oldest submitted 3 d ago)'),
      ).toBeInTheDocument();
      const missing = within(board).getByRole('list', { name: 'Scripts not complete' });
      expect(within(missing).getByText('Ravi Kumar: Indian Economy')).toBeInTheDocument();
      expect(within(board).queryByRole('link', { name: /Next script/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'gives faculty a Next script button to the first script of their queue',
    async () => {
      serveBoard(progressBoard(queueOfTwo()));
      server.use(
        http.get('*/api/mains/scripts/:resultId', ({ params }) =>
          HttpResponse.json({
            data: queuedScript(work, [
              String(params.resultId) === 'result-9' ? 'subject-polity' : '',
            ]),
          }),
        ),
      );
      renderApp({
        path: '/reports?kind=assignment&work=asg-1',
        user: facultyUser,
        authorities: ['ROLE_FACULTY'],
      });
      const board = await screen.findByRole(
        'region',
        { name: 'Marking progress' },
        { timeout: 15000 },
      );
      expect(
        within(board).getByText(
          /Next: Meena Joshi · Indian Polity \(in progress, submitted 2 h ago\)/,
        ),
      ).toBeInTheDocument();
      expect(within(board).getByText(/2 in your queue/)).toBeInTheDocument();
      const next = within(board).getByRole('link', {
        name: 'Next script: Meena Joshi, Indian Polity',
      });
      expect(next).toHaveAttribute('href', '/reports/scripts/result-9');
      await userEvent.setup({ delay: null }).click(next);
      expect(await screen.findByText('Learner: Meena Joshi')).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Start evaluating Indian Polity' }),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'tells faculty when their queue is empty',
    async () => {
      serveBoard(progressBoard());
      renderApp({
        path: '/reports?kind=assignment&work=asg-1',
        user: facultyUser,
        authorities: ['ROLE_FACULTY'],
      });
      const board = await screen.findByRole(
        'region',
        { name: 'Marking progress' },
        { timeout: 15000 },
      );
      expect(within(board).getByText('Your queue is empty.')).toBeInTheDocument();
      // A faculty member's rows count only their scripts: no subject share is shown to them.
      expect(within(board).queryByText(/^Done: /)).toBeNull();
    },
    SLOW,
  );
});

describe('reopening a completed evaluation (issue 27)', () => {
  it(
    'lets an administrator reopen with a reason and shows who reopened it and why',
    async () => {
      const reopens: unknown[] = [];
      let evaluation: Record<string, unknown> = {
        documentId: 'eval-1',
        subject: polity,
        faculty: { documentId: 'fac-7', name: 'Priya Raman' },
        total_marks: 8,
        start_date_time: '2026-11-22T04:00:00.000Z',
        end_date_time: '2026-11-22T05:00:00.000Z',
        evaluation_document: null,
        questions: [{ question: 'q-1', marks: 8, comment: 'Clear structure.' }],
        reopenings: [],
      };
      server.use(
        http.get('*/api/mains/scripts/:resultId', () =>
          HttpResponse.json({
            data: {
              work,
              student: { documentId: 'stu-4', name: 'Ravi Kumar' },
              submittedAt: '2026-11-21T10:00:00.000Z',
              status: evaluation.end_date_time ? 'Pending' : 'In Progress',
              pendingSubjects: ['Indian Economy'],
              questions: [workQuestion(1, polity), workQuestion(2, economy)],
              answers: [],
              evaluations: [evaluation],
              canEvaluate: [],
            },
          }),
        ),
        http.post('*/api/mains/evaluations/:id/reopen', async ({ request }) => {
          const body = (await request.json()) as { reason: string };
          reopens.push(body);
          evaluation = {
            ...evaluation,
            end_date_time: null,
            reopenings: [{ by: 'admin', at: '2026-11-23T09:00:00.000Z', reason: body.reason }],
          };
          return HttpResponse.json({ data: evaluation });
        }),
      );
      renderApp({
        path: '/reports/scripts/result-4',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const card = await screen.findByRole(
        'region',
        { name: 'Evaluation of Indian Polity' },
        { timeout: 15000 },
      );
      expect(within(card).getByText('Question 1: 8 of 10')).toBeInTheDocument();
      expect(within(card).getByText('Clear structure.')).toBeInTheDocument();
      const user = userEvent.setup({ delay: null });
      await user.click(within(card).getByRole('button', { name: 'Reopen Indian Polity' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reopen Indian Polity' });
      await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
      expect(
        await within(dialog).findByText('Give the reason for reopening (3 to 500 characters).'),
      ).toBeInTheDocument();
      expect(reopens).toEqual([]);
      await user.type(
        within(dialog).getByLabelText(/Reason for reopening/),
        'Question 2 not counted.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(reopens).toEqual([{ reason: 'Question 2 not counted.' }]);
      const reopened = screen.getByRole('region', { name: 'Evaluation of Indian Polity' });
      expect(
        await within(reopened).findByText(/Reopened by admin on .*: Question 2 not counted\./),
      ).toBeInTheDocument();
      expect(within(reopened).getByText('In progress by Priya Raman')).toBeInTheDocument();
      expect(within(reopened).queryByRole('button', { name: 'Reopen Indian Polity' })).toBeNull();
    },
    SLOW,
  );
});

describe('a learner’s published result (issue 27)', () => {
  it(
    'shows the marks per question with the comments once published, none before',
    async () => {
      server.use(
        http.get('*/api/mains/my-work', ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind') ?? '';
          return HttpResponse.json(
            list(
              kind === 'test'
                ? [
                    workItem('test', 1, {
                      ...published,
                      evaluations: [
                        {
                          subject: polity,
                          total_marks: 12,
                          questions: [
                            { question: 'q-1', marks: 7, comment: 'Good structure.' },
                            { question: 'q-2', marks: '5', comment: null },
                          ],
                          evaluation_document: null,
                        },
                      ],
                    }),
                  ]
                : [workItem('assignment', 1, { state: 'submitted', status: 'Completed' })],
            ),
          );
        }),
        http.get('*/api/reports/my-progress', () =>
          HttpResponse.json({
            data: {
              learner: { documentId: 'stu-1', name: 'Asha Rao', rollNumber: null },
              results: [],
              subjects: [],
              attendance: { present: 0, total: 0 },
            },
          }),
        ),
      );
      renderApp({ path: '/reports', ...learner });
      const tests = await screen.findByRole(
        'list',
        { name: 'Your Mains test results' },
        { timeout: 15000 },
      );
      const perQuestion = within(tests).getByRole('list', {
        name: 'Marks per question of Indian Polity',
      });
      expect(
        within(perQuestion)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Question 1: 7 · Good structure.', 'Question 2: 5']);
      const assignments = await screen.findByRole('list', { name: 'Your assignment results' });
      expect(within(assignments).queryByRole('list', { name: /Marks per question/ })).toBeNull();
    },
    SLOW,
  );
});
