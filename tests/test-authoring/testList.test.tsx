import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { facultyUser, strapiError } from '../courses/courseFixtures';
import {
  list,
  pagination,
  serveFilterLists,
  serveTestPage,
  test,
  testDetail,
} from './testFixtures';

/** Screens with MUI tables and dialogs render slowly in a test DOM on a busy machine. */
const SLOW = 90000;

/** Serves 30 tests, 25 a page, and records every list query. */
function serveTests() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/tests', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('pagination[page]') ?? 1);
      const first = (page - 1) * 25 + 1;
      const count = Math.max(0, Math.min(25, 30 - first + 1));
      return HttpResponse.json(
        list(
          Array.from({ length: count }, (_unused, i) => test(first + i)),
          pagination(page, 25, 30),
        ),
      );
    }),
  );
  return queries;
}

async function waitForQuery(queries: URLSearchParams[], match: (q: URLSearchParams) => boolean) {
  await waitFor(() => expect(queries.some(match)).toBe(true));
}

describe('test corner (staff)', () => {
  it(
    'lists tests newest first, 25 a page, filtered by the three kept category levels',
    async () => {
      const { secondLevelQueries } = serveFilterLists();
      const queries = serveTests();
      const { store } = renderApp({
        path: '/testcorner',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });

      const table = await screen.findByRole('table', { name: 'Tests' }, { timeout: 15000 });
      expect(await within(table).findByRole('link', { name: 'Test 1' })).toBeInTheDocument();
      // Header plus 25 rows.
      expect(within(table).getAllByRole('row')).toHaveLength(26);
      const row = within(table).getByRole('link', { name: 'Test 1' }).closest('tr');
      expect(row).not.toBeNull();
      const cells = within(row as HTMLElement);
      expect(cells.getByText('UPSC › Prelims › GS Paper 1')).toBeInTheDocument();
      expect(cells.getByText('Course 1')).toBeInTheDocument();
      expect(cells.getByText('60 min')).toBeInTheDocument();
      expect(cells.getByText('50')).toBeInTheDocument();
      const first = queries[0];
      expect(first?.get('sort')).toBe('createdAt:desc');
      expect(first?.get('pagination[page]')).toBe('1');
      expect(first?.get('pagination[pageSize]')).toBe('25');
      expect(first?.get('populate[test_category]')).toBe('true');
      expect(first?.has('filters[test_category][documentId][$eq]')).toBe(false);

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await within(table).findByRole('link', { name: 'Test 26' })).toBeInTheDocument();
      expect(queries.at(-1)?.get('pagination[page]')).toBe('2');

      expect(screen.getByLabelText('Sub-category')).toBeDisabled();
      await user.selectOptions(await screen.findByLabelText('Category'), 'SSC');
      await waitForQuery(
        queries,
        (q) => q.get('filters[test_category][documentId][$eq]') === 'cat-ssc',
      );
      // A new filter starts again on page 1.
      expect(queries.at(-1)?.get('pagination[page]')).toBe('1');

      await waitFor(() => expect(screen.getByLabelText('Sub-category')).toBeEnabled());
      expect(screen.getByLabelText('Second sub-category')).toBeDisabled();
      await user.selectOptions(
        await screen.findByRole('combobox', { name: 'Sub-category' }),
        await screen.findByRole('option', { name: 'Prelims' }),
      );
      await waitFor(() => expect(screen.getByLabelText('Second sub-category')).toBeEnabled());
      await user.selectOptions(
        screen.getByLabelText('Second sub-category'),
        await screen.findByRole('option', { name: 'GS Paper 1' }),
      );
      await waitForQuery(
        queries,
        (q) =>
          q.get('filters[test_category][documentId][$eq]') === 'cat-ssc' &&
          q.get('filters[test_sub_category][documentId][$eq]') === 'sub-prelims' &&
          q.get('filters[test_sub_category_2][documentId][$eq]') === 'sub2-gs1',
      );
      // Second-level options are those under the chosen sub-category.
      expect(
        secondLevelQueries.every(
          (q) => q.get('filters[test_sub_category][documentId][$eq]') === 'sub-prelims',
        ),
      ).toBe(true);
      expect(store.getState().ui.categorySelections.tests).toEqual({
        category: 'cat-ssc',
        subCategory: 'sub-prelims',
        subCategory2: 'sub2-gs1',
      });
      expect(store.getState().ui.categorySelections.courseList.category).toBeNull();
    },
    SLOW,
  );

  it(
    'keeps the chosen categories for tests when coming back from another screen',
    async () => {
      serveFilterLists();
      const queries = serveTests();
      const { store } = renderApp({
        path: '/settings',
        user: facultyUser,
        authorities: ['ROLE_FACULTY'],
      });
      for (const [level, id] of [
        ['category', 'cat-upsc'],
        ['subCategory', 'sub-prelims'],
      ] as const) {
        store.dispatch({
          type: 'ui/categorySelectionChanged',
          payload: { scope: 'tests', level, id },
        });
      }
      const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 15000 });
      expect(within(menu).getByRole('link', { name: 'Question Pool' })).toBeInTheDocument();
      expect(within(menu).getByRole('link', { name: 'Sub-Categories' })).toBeInTheDocument();
      const user = userEvent.setup({ delay: null });
      await user.click(within(menu).getByRole('link', { name: 'Test Corner' }));
      await screen.findByRole('link', { name: 'Test 1' });
      expect(queries[0]?.get('filters[test_category][documentId][$eq]')).toBe('cat-upsc');
      expect(queries[0]?.get('filters[test_sub_category][documentId][$eq]')).toBe('sub-prelims');
      await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('cat-upsc'));
    },
    SLOW,
  );

  it(
    'shows the error with Retry, then the empty state',
    async () => {
      serveFilterLists();
      let fail = true;
      server.use(
        http.get('*/api/tests', () =>
          fail
            ? strapiError(500, 'Database unavailable', 'InternalServerError')
            : HttpResponse.json(list([], pagination(1, 25, 0))),
        ),
      );
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_ADMIN'] });
      expect(
        await screen.findByText('Database unavailable', {}, { timeout: 15000 }),
      ).toBeInTheDocument();
      fail = false;
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('No tests yet')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'duplicates a test and opens the copy',
    async () => {
      serveFilterLists();
      serveTests();
      serveTestPage(testDetail(99, { TestName: 'Test 1 (copy)', documentId: 'test-99' }), []);
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/duplicate-tests', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({
            data: test(99, { TestName: 'Test 1 (copy)' }),
            meta: { questions: 0 },
          });
        }),
      );
      const { store } = renderApp({
        path: '/testcorner',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole('button', { name: 'Duplicate test Test 1' }, { timeout: 15000 }),
      );
      expect(await screen.findByText('Test duplicated as a draft')).toBeInTheDocument();
      expect(bodies).toEqual([{ testId: 'test-1' }]);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Test 1 (copy)' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/testcorner/test-99');
      expect(store.getState().ui.selected.test).toBe('test-99');
    },
    SLOW,
  );

  it(
    'notifies the faculties with a message, and deletes a test after confirmation',
    async () => {
      serveFilterLists();
      serveTests();
      const notified: unknown[] = [];
      const deleted: string[] = [];
      server.use(
        http.post('*/api/notify-faculties', async ({ request }) => {
          notified.push(await request.json());
          return HttpResponse.json({ data: { notified: 3 } });
        }),
        http.delete('*/api/tests/:documentId', ({ params }) => {
          deleted.push(String(params.documentId));
          return HttpResponse.json({ data: test(2) });
        }),
      );
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });

      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Notify faculties of test Test 1' },
          { timeout: 15000 },
        ),
      );
      const notify = await screen.findByRole('dialog', { name: 'Notify faculties of Test 1' });
      await user.type(within(notify).getByLabelText('Message (optional)'), 'Please review');
      await user.click(within(notify).getByRole('button', { name: 'Send notification' }));
      expect(await screen.findByText('Notified 3 faculty member(s)')).toBeInTheDocument();
      expect(notified).toEqual([{ payload: { message: 'Please review' }, testId: 'test-1' }]);

      await user.click(screen.getByRole('button', { name: 'Delete test Test 2' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete test?' });
      expect(within(confirm).getByText(/"Test 2" will be deleted/)).toBeInTheDocument();
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      // The table (with its status column and actions) renders again first on a busy machine.
      expect(await screen.findByText('Test deleted.', {}, { timeout: 10000 })).toBeInTheDocument();
      expect(deleted).toEqual(['test-2']);
    },
    SLOW,
  );

  it(
    'learners get their own test list, without the staff controls',
    async () => {
      server.use(
        http.get('*/api/test/prelims/my-tests', () =>
          HttpResponse.json(list([], pagination(1, 25, 0))),
        ),
      );
      renderApp({ path: '/testcorner', user: studentUser, authorities: ['ROLE_STUDENT'] });
      expect(
        await screen.findByText('No tests for you yet', {}, { timeout: 15000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'New test' })).not.toBeInTheDocument();
    },
    SLOW,
  );
});
