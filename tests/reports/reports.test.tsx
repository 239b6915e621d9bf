import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { facultyUser } from '../courses/courseFixtures';
import {
  list,
  pagination,
  pdf,
  polity,
  economy,
  published,
  workItem,
  workQuestion,
} from '../mains/mainsFixtures';
import { learner } from '../test-taking/examFixtures';
import { progressBoard } from './gradingFixtures';
import { serveTestPage, subCategories, testDetail } from '../test-authoring/testFixtures';

const SLOW = 90000;

const work = {
  kind: 'assignment',
  documentId: 'asg-1',
  name: 'Essay Practice 1',
  maximumMarks: '20.00',
  subjects: [polity, economy],
};

function row(
  index: number,
  name: string,
  status: string,
  extra: Record<string, unknown> = {},
  withResult = true,
) {
  return {
    student: {
      documentId: `stu-${index}`,
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@demo.test`,
      batchNames: ['Foundation Batch 2026'],
    },
    result: withResult
      ? {
          documentId: `result-${index}`,
          total_marks: null,
          is_published: false,
          submittedAt: '2026-11-21T10:00:00.000Z',
        }
      : null,
    status,
    pendingSubjects: [],
    evaluations: [],
    documentCount: withResult ? 2 : 0,
    canEvaluate: [],
    ...extra,
  };
}

function serveResults() {
  const queries: URLSearchParams[] = [];
  const publishes: unknown[] = [];
  server.use(
    http.get('*/api/mains/works', ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind');
      return HttpResponse.json(
        list(
          kind === 'assignment'
            ? [
                {
                  ...work,
                  courseName: 'Civil Services Foundation',
                  batchName: 'Foundation Batch 2026',
                  submitted: 4,
                  completed: 1,
                  published: 1,
                },
              ]
            : [],
        ),
      );
    }),
    http.get('*/api/batches', () =>
      HttpResponse.json(list([{ id: 61, documentId: 'batch-1', Batch: 'Foundation Batch 2026' }])),
    ),
    http.get('*/api/mains/results', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json({
        data: {
          work,
          rows: [
            row(1, 'Asha Rao', 'Not - Available', {}, false),
            row(2, 'Bala Iyer', 'Not Started'),
            row(3, 'Chitra Das', 'In Progress'),
            row(4, 'Ravi Kumar', 'Pending', { pendingSubjects: ['Indian Economy'] }),
            row(5, 'Sara Khan', 'Completed', {
              result: {
                documentId: 'result-5',
                total_marks: '16.5',
                is_published: false,
                submittedAt: null,
              },
            }),
            row(6, 'Tara Sen', 'Published', {
              result: {
                documentId: 'result-6',
                total_marks: 14,
                is_published: true,
                submittedAt: null,
              },
            }),
          ],
        },
        meta: { pagination: pagination(1, 50, 6) },
      });
    }),
    http.get('*/api/mains/progress', () => HttpResponse.json({ data: progressBoard() })),
    http.post('*/api/result-bulk', async ({ request }) => {
      publishes.push(await request.json());
      return HttpResponse.json({
        data: {
          updated: ['result-5'],
          refused: [
            { resultId: 'result-4', reason: 'Not completed: Pending', missing: ['Indian Economy'] },
          ],
        },
      });
    }),
  );
  return { queries, publishes };
}

describe('reports (staff)', () => {
  it(
    'shows every learner of a work with the exact status, and publishes with the refused reasons',
    async () => {
      const { queries, publishes } = serveResults();
      renderApp({
        path: '/reports?kind=assignment&work=asg-1',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const table = await screen.findByRole('table', { name: 'Results' }, { timeout: 15000 });
      expect(screen.getByLabelText('Kind')).toHaveValue('assignment');
      await waitFor(() => expect(screen.getByLabelText('Work')).toHaveValue('asg-1'));
      expect(queries[0]?.get('kind')).toBe('assignment');
      expect(queries[0]?.get('documentId')).toBe('asg-1');
      expect(queries[0]?.get('pageSize')).toBe('50');
      for (const text of [
        'Not - Available',
        'Not Started',
        'In Progress',
        'Pending (Indian Economy)',
        'Completed',
        'Published',
      ]) {
        expect(within(table).getByText(text)).toBeInTheDocument();
      }
      expect(within(table).getByText('16.50')).toBeInTheDocument();
      expect(within(table).getByRole('link', { name: 'Evaluate Ravi Kumar' })).toHaveAttribute(
        'href',
        '/reports/scripts/result-4',
      );
      // No result, nothing to select or evaluate.
      expect(within(table).queryByRole('checkbox', { name: 'Select Asha Rao' })).toBeNull();
      expect(within(table).queryByRole('link', { name: 'Evaluate Asha Rao' })).toBeNull();

      const user = userEvent.setup({ delay: null });
      expect(screen.getByRole('button', { name: 'Publish selected' })).toBeDisabled();
      await user.click(within(table).getByRole('checkbox', { name: 'Select Ravi Kumar' }));
      await user.click(within(table).getByRole('checkbox', { name: 'Select Sara Khan' }));
      const before = queries.length;
      await user.click(screen.getByRole('button', { name: 'Publish selected' }));
      expect(await screen.findByText('1 result(s) published.')).toBeInTheDocument();
      expect(
        screen.getByText('Ravi Kumar: Not completed: Pending (missing: Indian Economy)'),
      ).toBeInTheDocument();
      expect(publishes).toEqual([{ resultIds: ['result-4', 'result-5'], is_published: true }]);
      await waitFor(() => expect(queries.length).toBeGreaterThan(before));

      // The batch and subject choices go to the server and into the address.
      await user.selectOptions(screen.getByLabelText('Batch'), 'batch-1');
      await waitFor(() => expect(queries.at(-1)?.get('batchId')).toBe('batch-1'));
      await user.selectOptions(screen.getByLabelText('Subject'), 'subject-economy');
      await waitFor(() => expect(queries.at(-1)?.get('subjectId')).toBe('subject-economy'));
      expect(window.location.search).toContain('batch=batch-1');
      expect(window.location.search).toContain('subject=subject-economy');
    },
    SLOW,
  );

  it(
    'shows the script in place and lets the faculty start, mark, upload and complete a subject',
    async () => {
      let evaluation: Record<string, unknown> | null = null;
      const calls: { method: string; url: string; body?: unknown }[] = [];
      let completeError: string | null = 'This result is published.';
      let failNextSave = true;
      const script = () => ({
        data: {
          work,
          student: { documentId: 'stu-4', name: 'Ravi Kumar' },
          submittedAt: '2026-11-21T10:00:00.000Z',
          status: !evaluation
            ? 'Not Started'
            : evaluation.end_date_time
              ? 'Pending'
              : 'In Progress',
          pendingSubjects: evaluation?.end_date_time ? ['Indian Economy'] : [],
          questions: [workQuestion(1, polity), workQuestion(2, economy)],
          answers: [
            {
              documentId: 'answer-1',
              question: 'q-1',
              documents: [
                { id: 1, name: 'answer.pdf', url: '/uploads/answer.pdf', mime: 'application/pdf' },
                { id: 2, name: 'page.png', url: '/uploads/page.png', mime: 'image/png' },
              ],
            },
            { documentId: 'answer-2', question: 'q-2', documents: [] },
          ],
          evaluations: evaluation ? [evaluation] : [],
          canEvaluate: ['subject-polity'],
        },
      });
      server.use(
        http.get('*/api/mains/scripts/:resultId', () => HttpResponse.json(script())),
        http.post('*/api/mains/evaluations', async ({ request }) => {
          calls.push({ method: 'POST', url: 'evaluations', body: await request.json() });
          evaluation = {
            documentId: 'eval-1',
            subject: polity,
            faculty: { documentId: 'fac-7', name: 'Priya Raman' },
            total_marks: null,
            start_date_time: '2026-11-22T04:00:00.000Z',
            end_date_time: null,
            evaluation_document: null,
          };
          return HttpResponse.json({ data: evaluation }, { status: 201 });
        }),
        http.put('*/api/mains/evaluations/:id', async ({ request }) => {
          const body = (await request.json()) as {
            questions?: { questionId: string; marks: number | null; comment: string }[];
            complete?: boolean;
            confirmTotal?: number;
          };
          calls.push({ method: 'PUT', url: 'evaluations/eval-1', body });
          if (body.questions && failNextSave) {
            failNextSave = false;
            return HttpResponse.json(
              { data: null, error: { status: 503, name: 'Error', message: 'Try again later.' } },
              { status: 503 },
            );
          }
          if (body.complete && completeError) {
            const message = completeError;
            completeError = null;
            return HttpResponse.json(
              { data: null, error: { status: 409, name: 'ConflictError', message } },
              { status: 409 },
            );
          }
          const questions = body.questions
            ? body.questions.map((q) => ({
                question: q.questionId,
                marks: q.marks,
                comment: q.comment || null,
              }))
            : ((evaluation?.questions as unknown[]) ?? []);
          evaluation = {
            ...evaluation,
            questions,
            total_marks: (questions as { marks: number | null }[]).reduce(
              (sum, q) => sum + (q.marks ?? 0),
              0,
            ),
            end_date_time: body.complete ? '2026-11-22T05:00:00.000Z' : null,
          };
          return HttpResponse.json({ data: evaluation });
        }),
        http.post('*/api/mains/evaluations/:id/document', () => {
          calls.push({ method: 'POST', url: 'evaluations/eval-1/document' });
          evaluation = {
            ...evaluation,
            evaluation_document: { id: 9, name: 'marked.pdf', url: '/uploads/marked.pdf' },
          };
          return HttpResponse.json({ data: evaluation });
        }),
      );
      renderApp({
        path: '/reports/scripts/result-4',
        user: facultyUser,
        authorities: ['ROLE_FACULTY'],
      });
      expect(
        await screen.findByText('Status: Not Started', {}, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(screen.getByText('Learner: Ravi Kumar')).toBeInTheDocument();
      expect(screen.getByTitle('Answer document answer.pdf')).toHaveAttribute(
        'src',
        `${window.location.origin}/uploads/answer.pdf`,
      );
      expect(screen.getByRole('img', { name: 'Answer document page.png' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open answer.pdf' })).toBeInTheDocument();
      const economyCard = screen.getByRole('region', { name: 'Evaluation of Indian Economy' });
      expect(within(economyCard).getByText('Not started')).toBeInTheDocument();
      expect(within(economyCard).queryByRole('button')).toBeNull();

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Start evaluating Indian Polity' }));
      expect(await screen.findByText('Status: In Progress')).toBeInTheDocument();
      expect(calls[0]).toEqual({
        method: 'POST',
        url: 'evaluations',
        body: { resultId: 'result-4', subjectId: 'subject-polity' },
      });
      const card = screen.getByRole('region', { name: 'Evaluation of Indian Polity' });
      expect(within(card).getByText('In progress by Priya Raman')).toBeInTheDocument();
      // Per question (issue 27): the subject's question 1, out of its 10 points.
      const marks = within(card).getByLabelText('Marks for question 1');
      expect(within(card).getByText('Out of 10')).toBeInTheDocument();
      expect(within(card).queryByLabelText('Marks for question 2')).toBeNull();

      await user.type(marks, '25');
      await user.click(within(card).getByRole('button', { name: 'Save marks for Indian Polity' }));
      expect(
        await within(card).findAllByText('Marks for question 1 must be between 0 and 10.'),
      ).not.toHaveLength(0);
      expect(calls).toHaveLength(1);

      await user.clear(marks);
      await user.type(marks, '8');
      await user.type(within(card).getByLabelText('Comment on question 1'), 'Clear structure.');
      expect(within(card).getByText('Total for Indian Polity: 8 of 10')).toBeInTheDocument();
      // A failed save keeps what was typed.
      await user.click(within(card).getByRole('button', { name: 'Save marks for Indian Polity' }));
      expect(await within(card).findByText('Try again later.')).toBeInTheDocument();
      expect(within(card).getByLabelText('Marks for question 1')).toHaveValue(8);
      expect(within(card).getByLabelText('Comment on question 1')).toHaveValue('Clear structure.');
      await user.click(within(card).getByRole('button', { name: 'Save marks for Indian Polity' }));
      expect(await within(card).findByText('Marks saved.')).toBeInTheDocument();
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        url: 'evaluations/eval-1',
        body: { questions: [{ questionId: 'q-1', marks: 8, comment: 'Clear structure.' }] },
      });

      await user.upload(within(card).getByLabelText('Upload marked copy for Indian Polity'), [
        pdf('marked.pdf'),
      ]);
      expect(
        await within(card).findByRole('link', { name: 'Marked copy (Indian Polity)' }),
      ).toBeInTheDocument();

      // Complete shows the summary first; a refusal stays in the dialog and the marks stay typed.
      await user.click(within(card).getByRole('button', { name: 'Complete Indian Polity' }));
      const dialog = await screen.findByRole('dialog', { name: 'Complete Indian Polity?' });
      const summary = within(dialog).getByRole('table', { name: 'Summary of Indian Polity' });
      expect(within(summary).getByText('8 / 10')).toBeInTheDocument();
      expect(within(summary).getByText('Clear structure.')).toBeInTheDocument();
      expect(within(dialog).getByText(/Total: 8 of 10/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Confirm and complete' }));
      expect(await within(dialog).findByText('This result is published.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(within(card).getByLabelText('Marks for question 1')).toHaveValue(8);

      await user.click(within(card).getByRole('button', { name: 'Complete Indian Polity' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Confirm and complete',
        }),
      );
      expect(await screen.findByText('Status: Pending (Indian Economy)')).toBeInTheDocument();
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        url: 'evaluations/eval-1',
        body: { complete: true, confirmTotal: 8 },
      });
      const done = screen.getByRole('region', { name: 'Evaluation of Indian Polity' });
      expect(within(done).getByText('Completed by Priya Raman with 8 marks')).toBeInTheDocument();
      expect(within(done).getByText('Question 1: 8 of 10')).toBeInTheDocument();
      expect(within(done).queryByLabelText('Marks for question 1')).toBeNull();
      expect(within(done).queryByRole('button', { name: /Reopen/ })).toBeNull();
    },
    SLOW,
  );
});

describe('links into the reports', () => {
  it(
    'gives a Mains test’s staff page a Results link to its results',
    async () => {
      serveTestPage(testDetail(3, { test_sub_category: subCategories[1] }), []);
      renderApp({ path: '/testcorner/test-3', user: adminUser, authorities: ['ROLE_ADMIN'] });
      expect(
        await screen.findByRole('link', { name: 'Results' }, { timeout: 15000 }),
      ).toHaveAttribute('href', '/reports?kind=test&work=test-3');
    },
    SLOW,
  );

  it(
    'shows a learner My results with both kinds, marks only once published',
    async () => {
      const kinds: string[] = [];
      server.use(
        http.get('*/api/mains/my-work', ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind') ?? '';
          kinds.push(kind);
          return HttpResponse.json(
            list(
              kind === 'test'
                ? [workItem('test', 1, published)]
                : [workItem('assignment', 1, { state: 'submitted', status: 'In Progress' })],
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
      expect(
        await screen.findByRole('heading', { name: 'My results' }, { timeout: 15000 }),
      ).toBeInTheDocument();
      const tests = await screen.findByRole('list', { name: 'Your Mains test results' });
      expect(within(tests).getByText('Marks 15.50 / 20')).toBeInTheDocument();
      expect(
        within(tests).getByRole('link', { name: 'Marked copy (Indian Polity)' }),
      ).toBeInTheDocument();
      const assignments = await screen.findByRole('list', { name: 'Your assignment results' });
      expect(within(assignments).getByText('In Progress')).toBeInTheDocument();
      expect(within(assignments).queryByText(/^Marks /)).toBeNull();
      expect([...kinds].sort()).toEqual(['assignment', 'test']);
    },
    SLOW,
  );
});
