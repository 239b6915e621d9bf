import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { polity, strapiError } from '../courses/courseFixtures';
import { list, pagination, question, serveTestPage, testDetail } from './testFixtures';

/** Screens with MUI tables and dialogs render slowly in a test DOM on a busy machine. */
const SLOW = 90000;

/** 12 questions of 4 points each = 48 marks, for a test whose maximum is 50. */
const questions = Array.from({ length: 12 }, (_unused, i) =>
  question(i + 1, { points_correct_answer: '4.00' }),
);

async function openTestPage(perPage = 5) {
  const served = serveTestPage(testDetail(1), questions, perPage);
  const view = renderApp({
    path: '/testcorner/test-1',
    user: adminUser,
    authorities: ['ROLE_ADMIN'],
  });
  const list = await screen.findByRole('list', { name: 'Questions' }, { timeout: 15000 });
  return { ...served, ...view, list };
}

describe("a test's page", () => {
  it(
    'lists every question in id order with the key marked, and warns when the points miss the maximum',
    async () => {
      const { questionQueries, list: items, store } = await openTestPage(5);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Test 1' }, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(store.getState().ui.selected.test).toBe('test-1');
      expect(within(items).getAllByRole('listitem', { name: /^Question \d+$/ })).toHaveLength(12);
      // Page 1 first, then the other pages (3 of 5 here; 100 a page in real use).
      expect(questionQueries.map((q) => q.get('pagination[page]')).sort()).toEqual(['1', '2', '3']);
      const first = questionQueries[0];
      expect(first?.get('filters[test][documentId][$eq]')).toBe('test-1');
      expect(first?.get('sort')).toBe('id:asc');
      expect(first?.get('populate')).toBe('subject');
      expect(first?.get('pagination[pageSize]')).toBe('100');

      const one = within(items).getByRole('listitem', { name: 'Question 1' });
      expect(within(one).getByText('Question text 1')).toBeInTheDocument();
      const correct = within(one).getByText('b) Answer 1b').closest('li');
      expect(correct).toHaveTextContent('(correct answer)');
      expect(within(one).getByText('a) Answer 1a').closest('li')).not.toHaveTextContent(
        'correct answer',
      );
      expect(within(one).getByText('+4 correct / -0.5 incorrect')).toBeInTheDocument();
      expect(within(one).getByText('MCQ')).toBeInTheDocument();
      expect(within(one).getByText('Polity')).toBeInTheDocument();
      expect(within(one).getByText('Explanation: Because of 1')).toBeInTheDocument();
      expect(
        screen.getByText("The questions add up to 48 marks; the test's maximum is 50."),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'deletes the selected questions one call each and says which failed',
    async () => {
      const { list: items } = await openTestPage();
      const deleted: string[] = [];
      server.use(
        http.delete('*/api/questions/:documentId', ({ params }) => {
          deleted.push(String(params.documentId));
          return params.documentId === 'q-3'
            ? strapiError(403, 'Forbidden', 'ForbiddenError')
            : HttpResponse.json({ data: null });
        }),
      );
      const user = userEvent.setup({ delay: null });
      for (const n of [1, 2, 3]) {
        await user.click(within(items).getByRole('checkbox', { name: `Select question ${n}` }));
      }
      await user.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
      const confirm = await screen.findByRole(
        'dialog',
        { name: 'Delete 3 questions?' },
        { timeout: 15000 },
      );
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(
        await screen.findByText('2 question(s) deleted. Not deleted: question 3 (Forbidden).'),
      ).toBeInTheDocument();
      expect(deleted.sort()).toEqual(['q-1', 'q-2', 'q-3']);
      await waitFor(() =>
        expect(within(items).queryByText('Question text 1')).not.toBeInTheDocument(),
      );
      expect(within(items).getByText('Question text 3')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'imports nothing without a file, then reports what was imported and the skipped rows',
    async () => {
      const { setQuestions, list: items } = await openTestPage();
      const sent = vi.fn();
      server.use(
        http.post('*/api/questions-import', async ({ request }) => {
          const form = await request.formData();
          if (form.get('preview') === 'true') {
            return HttpResponse.json({
              preview: true,
              format: 'xlsx',
              counts: { MCQ: 2 },
              skippedCounts: { row: 1 },
              acceptedCount: 2,
              rows: [],
              skippedRows: [{ row: 4, reasons: ['correct_answer must be a, b, c or d'] }],
              duplicateRows: [],
              notedRows: [],
            });
          }
          const file = form.get('file');
          // The test DOM's multipart encoder may not keep the file name: check the field holds the bytes.
          sent({
            size: file === null || typeof file === 'string' ? null : file.size,
            testId: form.get('testId'),
          });
          setQuestions([...questions, question(13), question(14, { points_correct_answer: 0 })]);
          return HttpResponse.json({
            createdQuestions: [
              { id: 13, documentId: 'q-13', question: 'Question text 13' },
              { id: 14, documentId: 'q-14', question: 'Question text 14' },
            ],
            skippedRows: [{ row: 4, reasons: ['correct_answer must be a, b, c or d'] }],
            message: '2 Questions imported succesfully',
          });
        }),
      );
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Import questions' }));
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Import questions into Test 1' },
        { timeout: 15000 },
      );
      expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeDisabled();
      expect(within(dialog).getByRole('link', { name: /spreadsheet template/ })).toHaveAttribute(
        'href',
        '/uploads/templates/questions-template.xlsx',
      );
      expect(within(dialog).getByRole('link', { name: /Word template/ })).toHaveAttribute(
        'download',
      );
      const input = within(dialog).getByLabelText('Question file');
      expect(input).toHaveAttribute('accept', expect.stringContaining('.xlsx'));
      expect(sent).not.toHaveBeenCalled();

      await user.upload(
        input,
        new File(['xlsx-bytes'], 'questions.xlsx', {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
      expect(
        await within(dialog).findByText(/2 to import \(2 MCQ\), 1 skipped/),
      ).toBeInTheDocument();
      expect(sent).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(
        await within(dialog).findByText('2 Questions imported succesfully'),
      ).toBeInTheDocument();
      const skipped = within(dialog).getByRole('list', { name: 'Skipped rows' });
      expect(skipped).toHaveTextContent('Row 4: correct_answer must be a, b, c or d');
      expect(sent).toHaveBeenCalledWith({ size: 10, testId: 'test-1' });
      // The list is loaded again with the new questions.
      expect(await within(items).findByText('Question text 14')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows the server's error text and its skipped rows when an import fails",
    async () => {
      await openTestPage();
      server.use(
        http.post('*/api/questions-import', () =>
          HttpResponse.json(
            {
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: 'No questions imported: every row has errors.',
                details: { skippedRows: [{ row: 2, reasons: ['question is empty'] }] },
              },
            },
            { status: 400 },
          ),
        ),
      );
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Import questions' }));
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Import questions into Test 1' },
        { timeout: 15000 },
      );
      await user.upload(
        within(dialog).getByLabelText('Question file'),
        new File(['docx'], 'questions.docx', {
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
      expect(
        await within(dialog).findByText('No questions imported: every row has errors.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('list', { name: 'Skipped rows' })).toHaveTextContent(
        'Row 2: question is empty',
      );
    },
    SLOW,
  );

  it(
    'adds questions from the pool in one bulk call',
    async () => {
      const { setQuestions, list: items } = await openTestPage();
      const bodies: unknown[] = [];
      server.use(
        http.get('*/api/questionPool-search', () =>
          HttpResponse.json(
            list(
              [
                question(101, { documentId: 'pool-1', question: 'Pool question one' }),
                question(102, { documentId: 'pool-2', question: 'Pool question two' }),
              ],
              pagination(1, 25, 2),
            ),
          ),
        ),
        http.post('*/api/questions-bulk', async ({ request }) => {
          bodies.push(await request.json());
          setQuestions([...questions, question(15), question(16)]);
          return HttpResponse.json({ data: [question(15), question(16)], meta: { created: 2 } });
        }),
      );
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Add from pool' }));
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Add questions from the pool' },
        { timeout: 15000 },
      );
      expect(within(dialog).getByRole('button', { name: 'Add 0 questions' })).toBeDisabled();
      await user.click(
        await within(dialog).findByRole('checkbox', { name: 'Select question: Pool question one' }),
      );
      await user.click(
        within(dialog).getByRole('checkbox', { name: 'Select question: Pool question two' }),
      );
      expect(within(dialog).getByText('2 selected')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Add 2 questions' }));
      expect(await screen.findByText('2 questions added from the pool')).toBeInTheDocument();
      expect(bodies).toEqual([{ testId: 'test-1', questionPoolIds: ['pool-1', 'pool-2'] }]);
      expect(await within(items).findByText('Question text 16')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'creates a question with the test, options only for multiple choice',
    async () => {
      const { setQuestions, list: items } = await openTestPage();
      const bodies: unknown[] = [];
      server.use(
        http.get('*/api/subjects', () => HttpResponse.json(list([polity]))),
        http.post('*/api/questions', async ({ request }) => {
          bodies.push(await request.json());
          setQuestions([...questions, question(13, { question: 'Who wrote the Preamble?' })]);
          return HttpResponse.json({ data: question(13) }, { status: 201 });
        }),
      );
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'New question' }));
      const dialog = await screen.findByRole('dialog', { name: 'New question' });
      await user.selectOptions(within(dialog).getByLabelText('Question type'), 'Descriptive');
      expect(within(dialog).queryByLabelText(/Option A/)).not.toBeInTheDocument();
      await user.selectOptions(within(dialog).getByLabelText('Question type'), 'MCQ');
      await user.type(within(dialog).getByLabelText(/^Question \*/), 'Who wrote the Preamble?');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(within(dialog).getByText('Enter option A.')).toBeInTheDocument();
      expect(within(dialog).getByText('Choose the correct answer.')).toBeInTheDocument();
      for (const [key, text] of [
        ['A', 'Nehru'],
        ['B', 'Ambedkar'],
        ['C', 'Patel'],
        ['D', 'Rau'],
      ] as const) {
        await user.type(within(dialog).getByLabelText(new RegExp(`^Option ${key}`)), text);
      }
      await user.selectOptions(within(dialog).getByLabelText(/Correct answer/), 'a');
      await user.clear(within(dialog).getByLabelText(/Points for a correct answer/));
      await user.type(within(dialog).getByLabelText(/Points for a correct answer/), '2');
      await user.clear(within(dialog).getByLabelText('Points for an incorrect answer'));
      await user.type(within(dialog).getByLabelText('Points for an incorrect answer'), '1');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(
        within(dialog).getByText('Enter 0 or a negative number for an incorrect answer.'),
      ).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await user.clear(within(dialog).getByLabelText('Points for an incorrect answer'));
      await user.type(within(dialog).getByLabelText('Points for an incorrect answer'), '-0.5');
      await user.click(within(dialog).getByRole('combobox', { name: 'Subject' }));
      await user.click(await screen.findByRole('option', { name: 'Polity' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(await within(items).findByText('Who wrote the Preamble?')).toBeInTheDocument();
      expect(bodies).toEqual([
        {
          data: {
            question: 'Who wrote the Preamble?',
            option_a: 'Nehru',
            option_b: 'Ambedkar',
            option_c: 'Patel',
            option_d: 'Rau',
            correct_answer: 'a',
            points_correct_answer: 2,
            points_incorrect_answer: -0.5,
            question_type: 'MCQ',
            explanation: '',
            subject: 'subject-polity',
            test: 'test-1',
          },
        },
      ]);
    },
    SLOW,
  );
});
