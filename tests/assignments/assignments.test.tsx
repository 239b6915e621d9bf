import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { history, languages, polity, strapiError } from '../courses/courseFixtures';
import { list, pagination, question, serveFilterLists } from '../test-authoring/testFixtures';

/** Screens with MUI tables and dialogs render slowly in jsdom on a busy machine. */
const SLOW = 90000;

function assignment(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: index,
    documentId: `asg-${index}`,
    assignment_name: `Essay ${index}`,
    assignment_description: `Write about ${index}`,
    assignment_duration: 120,
    assignment_submission_date: '2026-12-05T12:30:00.000Z',
    is_attempted: false,
    MaximumMarks: '20.00',
    test_category: { id: 1, documentId: 'cat-upsc', CategoryName: 'UPSC' },
    test_sub_category: { id: 2, documentId: 'sub-mains', TestSubCategory: 'Mains' },
    test_sub_category_2: null,
    course: { id: 1, documentId: 'course-1', course_name: 'Civil Services Foundation' },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

/** 30 assignments, 25 a page; records every list query. */
function serveAssignments() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/assignments', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('pagination[page]') ?? 1);
      const first = (page - 1) * 25 + 1;
      const count = Math.max(0, Math.min(25, 30 - first + 1));
      return HttpResponse.json(
        list(
          Array.from({ length: count }, (_unused, i) => assignment(first + i)),
          pagination(page, 25, 30),
        ),
      );
    }),
  );
  return queries;
}

function serveFormLists() {
  serveFilterLists();
  server.use(
    http.get('*/api/test-languages', () => HttpResponse.json(list(languages))),
    http.get('*/api/subjects', () => HttpResponse.json(list([polity, history]))),
    http.get('*/api/batches', () =>
      HttpResponse.json(list([{ id: 61, documentId: 'batch-1', Batch: 'Foundation Batch 2026' }])),
    ),
    http.get('*/api/faculties', () =>
      HttpResponse.json(list([{ id: 7, documentId: 'fac-7', FacultyName: 'Priya Raman' }])),
    ),
    http.get('*/api/students', () =>
      HttpResponse.json(
        list([
          { id: 1, documentId: 'stu-1', StudentName: 'Asha Rao', student_email: 'asha@demo.test' },
        ]),
      ),
    ),
    http.get('*/api/courses', () =>
      HttpResponse.json(
        list([{ id: 1, documentId: 'course-1', course_name: 'Civil Services Foundation' }]),
      ),
    ),
  );
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const admin = { user: adminUser, authorities: ['ROLE_ADMIN'] };

describe('assignments (staff)', () => {
  it(
    'lists assignments newest first, 25 a page, filtered by the categories kept for assignments',
    async () => {
      serveFilterLists();
      const queries = serveAssignments();
      const { store } = renderApp({ path: '/assignment', ...admin });

      const table = await screen.findByRole('table', { name: 'Assignments' }, { timeout: 15000 });
      expect(await within(table).findByRole('link', { name: 'Essay 1' })).toHaveAttribute(
        'href',
        '/assignment/asg-1',
      );
      expect(within(table).getAllByRole('row')).toHaveLength(26);
      const row = within(table).getByRole('link', { name: 'Essay 1' }).closest('tr');
      const cells = within(row as HTMLElement);
      expect(cells.getByText('UPSC › Mains')).toBeInTheDocument();
      expect(cells.getByText('Civil Services Foundation')).toBeInTheDocument();
      expect(cells.getByText('120 min')).toBeInTheDocument();
      expect(cells.getByText('20')).toBeInTheDocument();
      const first = queries[0];
      expect(first?.get('sort')).toBe('createdAt:desc');
      expect(first?.get('pagination[pageSize]')).toBe('25');

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await within(table).findByRole('link', { name: 'Essay 26' })).toBeInTheDocument();
      expect(queries.at(-1)?.get('pagination[page]')).toBe('2');

      await user.selectOptions(await screen.findByLabelText('Category'), 'SSC');
      await waitFor(() =>
        expect(queries.at(-1)?.get('filters[test_category][documentId][$eq]')).toBe('cat-ssc'),
      );
      expect(queries.at(-1)?.get('pagination[page]')).toBe('1');
      expect(store.getState().ui.categorySelections.assignments.category).toBe('cat-ssc');
      expect(store.getState().ui.categorySelections.tests.category).toBeNull();
    },
    SLOW,
  );

  it(
    'checks the form before sending, then creates the assignment with every field',
    async () => {
      serveFormLists();
      serveAssignments();
      const bodies: unknown[] = [];
      let refuse = true;
      server.use(
        http.post('*/api/assignments', async ({ request }) => {
          bodies.push(await request.json());
          if (refuse) return strapiError(400, 'Assignment name is already used.');
          return HttpResponse.json({ data: assignment(40) }, { status: 201 });
        }),
      );
      renderApp({ path: '/assignment', ...admin });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole('button', { name: 'New assignment' }, { timeout: 15000 }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'New assignment' });

      await fill(user, within(dialog).getByLabelText(/Duration \(minutes\)/), '1.5');
      await fill(user, within(dialog).getByLabelText(/Maximum marks/), '0');
      await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
      expect(await within(dialog).findByText('Enter the assignment name.')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter the duration in whole minutes.')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter maximum marks above 0.')).toBeInTheDocument();
      expect(bodies).toEqual([]);

      await fill(user, within(dialog).getByLabelText(/Assignment name/), 'Essay Practice 2');
      await fill(user, within(dialog).getByLabelText('Description'), 'Two essays.');
      await fill(user, within(dialog).getByLabelText(/Duration \(minutes\)/), '90');
      await fill(user, within(dialog).getByLabelText(/Maximum marks/), '20');
      fireEvent.change(within(dialog).getByLabelText('Submission date'), {
        target: { value: '2026-12-10T18:00' },
      });
      await pick(user, dialog, 'Category', 'UPSC');
      await pick(user, dialog, 'Sub-category', 'Mains');
      await pick(user, dialog, 'Course', 'Civil Services Foundation');
      await pick(user, dialog, 'Language', 'English');
      await pick(user, dialog, 'Subjects', 'Polity');
      await pick(user, dialog, 'Faculties', 'Priya Raman');
      await pick(user, dialog, 'Batch', 'Foundation Batch 2026');
      await user.click(within(dialog).getByRole('combobox', { name: 'Learners' }));
      await user.keyboard('As');
      await user.click(await screen.findByRole('option', { name: 'Asha Rao (asha@demo.test)' }));

      await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
      // The server's message is shown and what was typed stays.
      expect(await within(dialog).findByText('Assignment name is already used.')).toBeVisible();
      expect(within(dialog).getByLabelText(/Assignment name/)).toHaveValue('Essay Practice 2');

      refuse = false;
      await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'New assignment' })).not.toBeInTheDocument(),
      );
      expect(bodies.at(-1)).toEqual({
        data: {
          assignment_name: 'Essay Practice 2',
          assignment_description: 'Two essays.',
          assignment_duration: 90,
          assignment_submission_date: new Date('2026-12-10T18:00').toISOString(),
          MaximumMarks: 20,
          test_category: 'cat-upsc',
          test_sub_category: 'sub-mains',
          test_sub_category_2: null,
          Attachments: [],
          faculties: ['fac-7'],
          batch: 'batch-1',
          students: ['stu-1'],
          test_language: 'lang-en',
          subjects: [polity.documentId],
          course: 'course-1',
          // Issue 23: a new assignment is a draft until it is published.
          status: 'draft',
        },
      });
    },
    SLOW,
  );

  it(
    'deletes an assignment after confirmation and reloads the list',
    async () => {
      serveFilterLists();
      const queries = serveAssignments();
      const deleted: string[] = [];
      server.use(
        http.delete('*/api/assignments/:documentId', ({ params }) => {
          deleted.push(String(params.documentId));
          return new HttpResponse(null, { status: 204 });
        }),
      );
      renderApp({ path: '/assignment', ...admin });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Delete assignment Essay 2' },
          { timeout: 15000 },
        ),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Delete assignment?' });
      expect(within(dialog).getByText(/"Essay 2" will be deleted/)).toBeInTheDocument();
      const before = queries.length;
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(deleted).toEqual(['asg-2']));
      await waitFor(() => expect(queries.length).toBeGreaterThan(before));
      expect(await screen.findByText('Assignment deleted.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows an assignment's details, its questions newest first, and a Results link",
    async () => {
      const questionQueries: URLSearchParams[] = [];
      server.use(
        http.get('*/api/assignments/:documentId', () =>
          HttpResponse.json({
            data: {
              ...assignment(1),
              Attachments: [{ id: 5, name: 'brief.pdf', url: '/uploads/brief.pdf' }],
              faculties: [{ id: 7, documentId: 'fac-7', FacultyName: 'Priya Raman' }],
              batch: { id: 61, documentId: 'batch-1', Batch: 'Foundation Batch 2026' },
              students: [],
              test_language: null,
              subjects: [polity],
            },
          }),
        ),
        http.get('*/api/questions', ({ request }) => {
          questionQueries.push(new URL(request.url).searchParams);
          return HttpResponse.json(
            list([question(2, { question_type: 'Descriptive' }), question(1)]),
          );
        }),
      );
      renderApp({ path: '/assignment/asg-1', ...admin });
      expect(
        await screen.findByRole('heading', { name: 'Essay 1' }, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download brief.pdf' })).toBeInTheDocument();
      expect(screen.getByText('Foundation Batch 2026')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute(
        'href',
        '/reports?kind=assignment&work=asg-1',
      );
      const items = await screen.findAllByRole('listitem', { name: /^Question \d$/ });
      expect(within(items[0] as HTMLElement).getByText('Question text 2')).toBeInTheDocument();
      expect(questionQueries[0]?.get('filters[assignment][documentId][$eq]')).toBe('asg-1');
      expect(questionQueries[0]?.get('sort')).toBe('createdAt:desc');
    },
    SLOW,
  );

  it(
    "adds a question to the assignment and deletes one; the assignment's questions read again",
    async () => {
      const posts: unknown[] = [];
      const deletes: string[] = [];
      let reads = 0;
      server.use(
        http.get('*/api/assignments/:documentId', () => HttpResponse.json({ data: assignment(1) })),
        http.get('*/api/subjects', () => HttpResponse.json(list([polity]))),
        http.get('*/api/questions', () => {
          reads += 1;
          return HttpResponse.json(list([question(2), question(1)]));
        }),
        http.post('*/api/questions', async ({ request }) => {
          posts.push(await request.json());
          return HttpResponse.json({ data: question(3) }, { status: 201 });
        }),
        http.delete('*/api/questions/:documentId', ({ params }) => {
          deletes.push(String(params.documentId));
          return new HttpResponse(null, { status: 204 });
        }),
      );
      renderApp({ path: '/assignment/asg-1', ...admin });
      await screen.findAllByRole('listitem', { name: /^Question \d$/ }, { timeout: 15000 });
      const user = userEvent.setup({ delay: null });

      await user.click(screen.getByRole('button', { name: 'New question' }));
      const dialog = await screen.findByRole('dialog', { name: 'New question' });
      await user.type(within(dialog).getByLabelText(/^Question \*/), 'Discuss federalism.');
      await user.selectOptions(within(dialog).getByLabelText('Question type'), 'Descriptive');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(await screen.findByText('Question saved.')).toBeInTheDocument();
      expect(posts).toEqual([
        {
          data: expect.objectContaining({
            question: 'Discuss federalism.',
            question_type: 'Descriptive',
            assignment: 'asg-1',
          }) as unknown,
        },
      ]);
      await waitFor(() => expect(reads).toBe(2));

      await user.click(screen.getByRole('button', { name: 'Delete question 2' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete question?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('1 question(s) deleted.')).toBeInTheDocument();
      expect(deletes).toEqual(['q-1']);
      await waitFor(() => expect(reads).toBe(3));
    },
    SLOW,
  );
});
