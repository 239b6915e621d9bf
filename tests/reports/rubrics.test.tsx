// Issue 27 (rubrics) on the SPA: a faculty member marks a rubric question by choosing a level per
// criterion (radios), the save sends the levels (never a typed mark), the summary and the total
// follow the levels, and the completed evaluation lists the levels reached; a learner's published
// result shows the level reached per criterion.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { facultyUser } from '../courses/courseFixtures';
import { economy, list, polity, published, workItem, workQuestion } from '../mains/mainsFixtures';
import { learner } from '../test-taking/examFixtures';

const SLOW = 90000;

const RUBRIC = {
  criteria: [
    {
      name: 'Content',
      levels: [
        { label: 'Weak', marks: 0 },
        { label: 'Fair', marks: 3 },
        { label: 'Good', marks: 6 },
      ],
    },
    {
      name: 'Structure',
      levels: [
        { label: 'Poor', marks: 0 },
        { label: 'Clear', marks: 4 },
      ],
    },
  ],
};

const reached = (levels: number[]) =>
  RUBRIC.criteria.map((c, i) => ({
    criterion: c.name,
    level: c.levels[levels[i] ?? 0]?.label ?? '',
    marks: c.levels[levels[i] ?? 0]?.marks ?? 0,
  }));

describe('rubric marking (issue 27)', () => {
  it(
    'marks a rubric question with radios, saves the levels and confirms their sum',
    async () => {
      const bodies: unknown[] = [];
      let evaluation: Record<string, unknown> = {
        documentId: 'eval-1',
        subject: polity,
        faculty: { documentId: 'fac-7', name: 'Priya Raman' },
        total_marks: null,
        start_date_time: '2026-11-22T04:00:00.000Z',
        end_date_time: null,
        questions: [],
        evaluation_document: null,
      };
      server.use(
        http.get('*/api/mains/scripts/:resultId', () =>
          HttpResponse.json({
            data: {
              work: {
                kind: 'assignment',
                documentId: 'asg-1',
                name: 'Essay Practice 1',
                maximumMarks: 10,
                subjects: [polity, economy],
              },
              student: { documentId: 'stu-4', name: 'Ravi Kumar' },
              submittedAt: '2026-11-21T10:00:00.000Z',
              status: evaluation.end_date_time ? 'Pending' : 'In Progress',
              pendingSubjects: [],
              questions: [{ ...workQuestion(1, polity), rubric: RUBRIC }, workQuestion(2, economy)],
              answers: [],
              evaluations: [evaluation],
              canEvaluate: ['subject-polity'],
            },
          }),
        ),
        http.put('*/api/mains/evaluations/:id', async ({ request }) => {
          const body = (await request.json()) as {
            questions?: { questionId: string; levels: number[]; comment: string }[];
            complete?: boolean;
          };
          bodies.push(body);
          if (body.questions) {
            const q = body.questions[0];
            const levels = q?.levels ?? [];
            const marks = reached(levels).reduce((sum, r) => sum + r.marks, 0);
            evaluation = {
              ...evaluation,
              total_marks: marks,
              questions: [
                {
                  question: 'q-1',
                  marks,
                  comment: q?.comment || null,
                  levels,
                  rubric: reached(levels),
                },
              ],
            };
          }
          if (body.complete) evaluation = { ...evaluation, end_date_time: '2026-11-22T05:00:00Z' };
          return HttpResponse.json({ data: evaluation });
        }),
      );
      renderApp({
        path: '/reports/scripts/result-4',
        user: facultyUser,
        authorities: ['ROLE_FACULTY'],
      });
      const card = await screen.findByRole(
        'region',
        { name: 'Evaluation of Indian Polity' },
        { timeout: 15000 },
      );
      // No typed mark for a rubric question: a radio group per criterion.
      expect(within(card).queryByLabelText('Marks for question 1')).toBeNull();
      const content = within(card).getByRole('radiogroup', { name: 'Content' });
      const structure = within(card).getByRole('radiogroup', { name: 'Structure' });
      const user = userEvent.setup({ delay: null });
      await user.click(within(content).getByRole('radio', { name: 'Good (6)' }));
      expect(within(card).getByText('Marks for question 1: —')).toBeInTheDocument();
      await user.click(within(structure).getByRole('radio', { name: 'Clear (4)' }));
      expect(within(card).getByText('Marks for question 1: 10')).toBeInTheDocument();
      expect(within(card).getByText('Total for Indian Polity: 10 of 10')).toBeInTheDocument();
      await user.click(within(content).getByRole('radio', { name: 'Fair (3)' }));
      expect(within(card).getByText('Total for Indian Polity: 7 of 10')).toBeInTheDocument();
      await user.type(within(card).getByLabelText('Comment on question 1'), 'Add examples.');
      await user.click(within(card).getByRole('button', { name: 'Save marks for Indian Polity' }));
      expect(await within(card).findByText('Marks saved.')).toBeInTheDocument();
      expect(bodies.at(-1)).toEqual({
        questions: [{ questionId: 'q-1', levels: [1, 1], comment: 'Add examples.' }],
      });

      await user.click(within(card).getByRole('button', { name: 'Complete Indian Polity' }));
      const dialog = await screen.findByRole('dialog', { name: 'Complete Indian Polity?' });
      expect(within(dialog).getByText('7 / 10')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Confirm and complete' }));
      await waitFor(() => expect(bodies.at(-1)).toEqual({ complete: true, confirmTotal: 7 }));
      const done = await screen.findByRole('list', { name: 'Rubric levels reached' });
      expect(within(done).getByText('Content: Fair (3)')).toBeInTheDocument();
      expect(within(done).getByText('Structure: Clear (4)')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a learner the level reached per criterion on a published result',
    async () => {
      const result = {
        ...published,
        evaluations: [
          {
            subject: polity,
            total_marks: 7,
            evaluation_document: null,
            questions: [
              { question: 'q-1', marks: 7, comment: null, levels: [1, 1], rubric: reached([1, 1]) },
            ],
          },
        ],
      };
      server.use(
        http.get('*/api/mains/my-work', ({ request }) =>
          HttpResponse.json(
            list(
              new URL(request.url).searchParams.get('kind') === 'test'
                ? [workItem('test', 1, result)]
                : [],
            ),
          ),
        ),
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
      const levels = within(tests).getByRole('list', { name: 'Rubric levels reached' });
      expect(within(levels).getByText('Content: Fair (3)')).toBeInTheDocument();
      expect(within(levels).getByText('Structure: Clear (4)')).toBeInTheDocument();
    },
    SLOW,
  );
});
