// Issue 27 on the SPA (allocation and re-check): an administrator allocates chosen scripts to one
// faculty member and sees the release check (distribution, moderation flags), publishing past a
// flag only after "Publish anyway"; a faculty member moves through their queue with j/k/n (not
// while typing in a field) and answers a re-check; a learner asks for a re-check of one question
// of their published script.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  kind: 'test',
  documentId: 'test-1',
  name: 'Mains Answer Writing 1',
  maximumMarks: 20,
  subjects: [polity, economy],
};

const script = (resultId: string, name: string) => ({
  resultId,
  student: { documentId: `stu-${resultId}`, name },
  published: false,
  state: 'waiting',
  marker: null,
  moderator: null,
});

function serveWork(extra: Record<string, unknown> = {}) {
  server.use(
    http.get('*/api/mains/works', () =>
      HttpResponse.json(list([{ ...work, submitted: 2, completed: 0, published: 0 }])),
    ),
    http.get('*/api/batches', () => HttpResponse.json(list([]))),
    http.get('*/api/mains/results', () =>
      HttpResponse.json({ data: { work, rows: [] }, meta: { pagination: pagination(1, 50, 0) } }),
    ),
    http.get('*/api/mains/progress', () => HttpResponse.json({ data: progressBoard(extra) })),
  );
}

/** Serves the allocation board and the allocate call, and opens the dialog as an administrator. */
async function openAllocation(
  allocations: Record<string, unknown>,
  answer: Record<string, unknown>,
) {
  serveWork();
  const sent: unknown[] = [];
  server.use(
    http.get('*/api/mains/allocations', () => HttpResponse.json({ data: allocations })),
    http.post('*/api/mains/allocations', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ data: { ...allocations, ...answer } });
    }),
  );
  renderApp({
    path: '/reports?kind=test&work=test-1',
    user: adminUser,
    authorities: ['ROLE_ADMIN'],
  });
  const user = userEvent.setup({ delay: null });
  // The first render of the file loads the whole app: slow on a busy machine.
  await user.click(
    await screen.findByRole('button', { name: 'Allocate scripts' }, { timeout: 30000 }),
  );
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('table', { name: 'Scripts of Indian Polity' });
  return { sent, user, dialog };
}

describe('allocation and the release check (issue 27)', () => {
  it(
    'allocates chosen scripts to one faculty member',
    async () => {
      const allocations = {
        work,
        subjects: [
          {
            subject: polity,
            allocated: false,
            faculty: [
              { documentId: 'fac-7', name: 'Priya Raman', scripts: 0, moderating: 0 },
              { documentId: 'fac-8', name: 'Rahul Verma', scripts: 0, moderating: 0 },
            ],
            scripts: [script('result-1', 'Meena Joshi'), script('result-2', 'Chitra Das')],
          },
        ],
      };
      const { sent, user, dialog } = await openAllocation(allocations, { allocated: 1 });
      await user.selectOptions(within(dialog).getByLabelText('How'), 'manual');
      await user.selectOptions(within(dialog).getByLabelText('Faculty member'), 'fac-8');
      await user.click(within(dialog).getByRole('checkbox', { name: 'Choose Chitra Das' }));
      await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        kind: 'test',
        documentId: 'test-1',
        subjectId: 'subject-polity',
        mode: 'manual',
        facultyIds: ['fac-8'],
        resultIds: ['result-2'],
      });
      expect(
        await within(dialog).findByText('1 script(s) allocated in Indian Polity.'),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'clears the allocation of the scripts not yet started, after a confirmation',
    async () => {
      const allocations = {
        work,
        subjects: [
          {
            subject: polity,
            allocated: true,
            faculty: [{ documentId: 'fac-7', name: 'Priya Raman', scripts: 2, moderating: 0 }],
            scripts: [script('result-1', 'Meena Joshi'), script('result-2', 'Chitra Das')],
          },
        ],
      };
      const { sent, user, dialog } = await openAllocation(allocations, { cleared: 2 });
      await user.click(within(dialog).getByRole('button', { name: 'Clear allocation' }));
      expect(
        within(dialog).getByText(/Un-allocate every script of Indian Polity not yet started\?/),
      ).toBeInTheDocument();
      expect(sent).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Un-allocate' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        kind: 'test',
        documentId: 'test-1',
        subjectId: 'subject-polity',
        mode: 'clear',
      });
      expect(
        await within(dialog).findByText('2 script(s) of Indian Polity un-allocated.'),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the distribution and the moderation flags',
    async () => {
      serveWork();
      server.use(
        http.get('*/api/mains/release-check', () =>
          HttpResponse.json({
            data: {
              work: { ...work, moderationMargin: null },
              scripts: 2,
              complete: 2,
              published: 0,
              missing: [],
              distribution: {
                count: 2,
                maximum: 20,
                mean: 14.5,
                median: 14.5,
                bands: Array.from({ length: 10 }, (_, i) => ({
                  from: i * 2,
                  to: i * 2 + 2,
                  count: i === 5 || i === 8 ? 1 : 0,
                })),
              },
              moderation: { allocated: 1, given: 1 },
              flags: [
                {
                  resultId: 'result-1',
                  student: 'Meena Joshi',
                  subject: polity,
                  question: { documentId: 'q-2', number: 2, maximum: 5 },
                  marks: 2,
                  moderationMarks: 5,
                  difference: 3,
                  margin: 0.5,
                },
                {
                  resultId: 'result-1',
                  student: 'Meena Joshi',
                  subject: polity,
                  question: null,
                  marks: 5,
                  moderationMarks: 14,
                  difference: 9,
                  margin: 1.5,
                },
              ],
              readyToPublish: true,
            },
          }),
        ),
      );
      renderApp({
        path: '/reports?kind=test&work=test-1',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      await userEvent
        .setup({ delay: null })
        .click(await screen.findByRole('button', { name: 'Release check' }, { timeout: 15000 }));
      const panel = await screen.findByRole('region', { name: 'Release check' });
      expect(within(panel).getByText(/Mean 14\.50 · median 14\.50/)).toBeInTheDocument();
      expect(within(panel).getByLabelText('10 to 12: 1')).toBeInTheDocument();
      const flags = within(panel).getByRole('table', { name: 'Moderation differences' });
      const rows = within(flags).getAllByRole('row', { name: /Meena Joshi/ });
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent(/Indian Polity\s*Question 2\s*2\s*5\s*3 \(0\.50\)/);
      expect(rows[1]).toHaveTextContent(/Subject total.*9 \(1\.50\)/);
      for (const row of rows) {
        expect(within(row).getByRole('link', { name: 'Meena Joshi' })).toHaveAttribute(
          'href',
          '/reports/scripts/result-1',
        );
      }
    },
    SLOW,
  );
});

describe('the faculty queue keys (issue 27)', () => {
  it(
    'moves with j/k, opens with n, and ignores keys typed in a field',
    async () => {
      serveWork(queueOfTwo());
      server.use(
        http.get('*/api/mains/scripts/:resultId', () =>
          HttpResponse.json({ data: queuedScript(work, []) }),
        ),
      );
      renderApp({
        path: '/reports?kind=test&work=test-1',
        user: facultyUser,
        authorities: ['ROLE_FACULTY'],
      });
      const queue = await screen.findByRole('list', { name: 'Your queue' }, { timeout: 15000 });
      expect(
        screen.getByText('Keys: n next script · j / k move · o open the chosen one'),
      ).toBeInTheDocument();
      const items = within(queue).getAllByRole('listitem');
      expect(items[0]).toHaveAttribute('aria-current', 'true');
      fireEvent.keyDown(document.body, { key: 'j' });
      await waitFor(() => expect(items[1]).toHaveAttribute('aria-current', 'true'));
      // Typing in a field is not a shortcut.
      fireEvent.keyDown(screen.getByLabelText('Work'), { key: 'k' });
      expect(items[1]).toHaveAttribute('aria-current', 'true');
      fireEvent.keyDown(document.body, { key: 'k' });
      await waitFor(() => expect(items[0]).toHaveAttribute('aria-current', 'true'));
      fireEvent.keyDown(document.body, { key: 'n' });
      expect(await screen.findByText('Learner: Meena Joshi')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('re-check requests (issue 27)', () => {
  it(
    'leads a learner from a published result on My results to the script',
    async () => {
      server.use(
        http.get('*/api/mains/my-work', ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind');
          return HttpResponse.json(list(kind === 'test' ? [workItem('test', 1, published)] : []));
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
      expect(
        within(tests).getByRole('link', { name: 'Open the script (ask for a re-check)' }),
      ).toHaveAttribute('href', '/reports/scripts/result-9');
    },
    SLOW,
  );

  it(
    'lets a learner ask for a re-check of one question with a reason',
    async () => {
      const asked: unknown[] = [];
      let requests: unknown[] = [];
      server.use(
        http.get('*/api/mains/scripts/:resultId', () =>
          HttpResponse.json({
            data: {
              work,
              student: { documentId: 'stu-1', name: 'Asha Learner' },
              submittedAt: '2026-11-21T10:00:00.000Z',
              status: 'Published',
              pendingSubjects: [],
              questions: [workQuestion(1, polity)],
              answers: [],
              evaluations: [],
              canEvaluate: [],
            },
          }),
        ),
        http.get('*/api/mains/rechecks', () =>
          HttpResponse.json({
            data: requests,
            meta: { pagination: pagination(1, 100, requests.length) },
          }),
        ),
        http.post('*/api/mains/rechecks', async ({ request }) => {
          const body = (await request.json()) as { reason: string };
          asked.push(body);
          const made = {
            documentId: 'rc-1',
            resultId: 'result-1',
            question: { documentId: 'q-1', question: 'Discuss topic 1.' },
            subject: polity,
            marks: 7,
            reason: body.reason,
            status: 'open',
            createdAt: '2026-11-27T10:00:00.000Z',
            history: [
              {
                at: '2026-11-27T10:00:00.000Z',
                by: 'asha',
                role: 'student',
                action: 'requested',
                reason: body.reason,
              },
            ],
          };
          requests = [made];
          return HttpResponse.json({ data: made });
        }),
      );
      renderApp({ path: '/reports/scripts/result-1', ...learner });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Ask for a re-check of question 1' },
          { timeout: 15000 },
        ),
      );
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText(/Why should it be re-checked/), 'short');
      await user.click(within(dialog).getByRole('button', { name: 'Ask for a re-check' }));
      expect(
        await within(dialog).findByText('Give your reason (10 to 1000 characters).'),
      ).toBeInTheDocument();
      expect(asked).toHaveLength(0);
      await user.type(
        within(dialog).getByLabelText(/Why should it be re-checked/),
        ' answer was not counted',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Ask for a re-check' }));
      await waitFor(() => expect(asked).toHaveLength(1));
      expect(asked[0]).toEqual({
        resultId: 'result-1',
        questionId: 'q-1',
        reason: 'short answer was not counted',
      });
      expect(await screen.findByText('Re-check requested')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ask for a re-check of question 1' })).toBeNull();
    },
    SLOW,
  );

  it(
    'lets the faculty member change the mark with a comment',
    async () => {
      const answers: unknown[] = [];
      server.use(
        http.get('*/api/mains/rechecks', () =>
          HttpResponse.json({
            data: [
              {
                documentId: 'rc-1',
                resultId: 'result-1',
                question: { documentId: 'q-1', question: 'Discuss topic 1.' },
                subject: polity,
                marks: 7,
                reason: 'The second half was not counted.',
                status: 'open',
                createdAt: '2026-11-27T10:00:00.000Z',
                history: [],
                faculty: 'Priya Raman',
              },
            ],
            meta: { pagination: pagination(1, 100, 1) },
          }),
        ),
        http.post('*/api/mains/rechecks/:id/answer', async ({ request, params }) => {
          answers.push({ id: params.id, ...((await request.json()) as object) });
          return HttpResponse.json({
            data: { documentId: 'rc-1', resultId: 'result-1', status: 'changed', history: [] },
          });
        }),
      );
      renderApp({ path: '/reports/rechecks', user: facultyUser, authorities: ['ROLE_FACULTY'] });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Answer' }, { timeout: 15000 }));
      const dialog = await screen.findByRole('dialog');
      await user.selectOptions(within(dialog).getByLabelText('Decision'), 'change');
      const mark = within(dialog).getByLabelText('New mark');
      await user.clear(mark);
      await user.type(mark, '9');
      await user.type(within(dialog).getByLabelText('Comment for the learner'), 'Two more marks.');
      await user.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
      await waitFor(() => expect(answers).toHaveLength(1));
      expect(answers[0]).toEqual({
        id: 'rc-1',
        decision: 'change',
        marks: 9,
        comment: 'Two more marks.',
      });
    },
    SLOW,
  );
});

describe('moderation (issue 27)', () => {
  it(
    'lets the moderator mark each question, the total being their sum',
    async () => {
      const saved: unknown[] = [];
      server.use(
        http.get('*/api/mains/scripts/:resultId', () =>
          HttpResponse.json({
            data: {
              work,
              student: { documentId: 'stu-1', name: 'Meena Joshi' },
              submittedAt: '2026-11-21T10:00:00.000Z',
              status: 'In Progress',
              pendingSubjects: [],
              questions: [workQuestion(1, polity), workQuestion(2, polity)],
              answers: [],
              evaluations: [],
              canEvaluate: [],
              moderating: [
                {
                  subject: polity,
                  marks: null,
                  comment: null,
                  questions: [{ question: 'q-1', marks: 4, comment: null }],
                },
              ],
            },
          }),
        ),
        http.put('*/api/mains/moderations', async ({ request }) => {
          saved.push(await request.json());
          return HttpResponse.json({ data: {} });
        }),
      );
      renderApp({
        path: '/reports/scripts/result-1',
        user: facultyUser,
        authorities: ['ROLE_FACULTY'],
      });
      const card = await screen.findByRole(
        'region',
        { name: 'Moderation of Indian Polity' },
        { timeout: 15000 },
      );
      const user = userEvent.setup({ delay: null });
      // The saved mark of question 1 is shown; the total waits for question 2.
      expect(within(card).getByLabelText('Question 1 (out of 10)')).toHaveValue(4);
      expect(within(card).queryByLabelText('Your total')).not.toBeInTheDocument();
      expect(
        within(card).getByText(/Total: when every question is marked \(1 of 2\)/),
      ).toBeVisible();
      await user.type(within(card).getByLabelText('Question 2 (out of 10)'), '7');
      expect(within(card).getByText('Total: 11')).toBeVisible();
      await user.click(within(card).getByRole('button', { name: 'Save moderation' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toEqual({
        resultId: 'result-1',
        subjectId: 'subject-polity',
        questions: [
          { questionId: 'q-1', marks: 4 },
          { questionId: 'q-2', marks: 7 },
        ],
        comment: '',
      });
      expect(await within(card).findByText('Moderation saved.')).toBeInTheDocument();
    },
    SLOW,
  );
});
