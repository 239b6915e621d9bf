import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { list, pagination, question, test } from '../test-authoring/testFixtures';

/** Screens with MUI tables and dialogs render slowly in a test DOM on a busy machine. */
const SLOW = 90000;

function servePool() {
  const queries: URLSearchParams[] = [];
  server.use(
    // The filter bar's subjects (issue 26).
    http.get('*/api/subjects', () => HttpResponse.json(list([], pagination(1, 100, 0)))),
    http.get('*/api/questionPool-search', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('page') ?? 1);
      const items = Array.from({ length: page === 1 ? 25 : 5 }, (_unused, i) =>
        question((page - 1) * 25 + i + 1, {
          documentId: `pool-${(page - 1) * 25 + i + 1}`,
          question: `Pool question ${(page - 1) * 25 + i + 1}`,
        }),
      );
      return HttpResponse.json(list(items, pagination(page, 25, 30)));
    }),
  );
  return queries;
}

describe('question pool', () => {
  it(
    'searches the question, options, explanation and subject on the server, paged',
    async () => {
      const queries = servePool();
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const table = await screen.findByRole('table', { name: 'Question pool' }, { timeout: 15000 });
      expect(await within(table).findByText('Pool question 1')).toBeInTheDocument();
      expect(queries[0]?.get('pageSize')).toBe('25');
      expect(queries[0]?.get('page')).toBe('1');
      expect([...(queries[0]?.keys() ?? [])].sort()).toEqual(['page', 'pageSize']);

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await within(table).findByText('Pool question 26')).toBeInTheDocument();

      await user.type(screen.getByLabelText('Search questions'), 'rights');
      await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('rights'));
      expect(queries.at(-1)?.get('page')).toBe('1');
      // Debounced: one search for the whole word.
      expect(queries.filter((q) => q.has('search'))).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'adds the ticked questions to a test found by name',
    async () => {
      servePool();
      const testQueries: URLSearchParams[] = [];
      const bodies: unknown[] = [];
      server.use(
        http.get('*/api/tests', ({ request }) => {
          testQueries.push(new URL(request.url).searchParams);
          return HttpResponse.json(list([test(5, { TestName: 'Polity mock 1' })]));
        }),
        http.post('*/api/questions-bulk', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ data: [], meta: { created: 2 } });
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      expect(screen.queryByRole('button', { name: /Add to test/ })).not.toBeInTheDocument();
      await user.click(
        await screen.findByRole(
          'checkbox',
          { name: 'Select question: Pool question 1' },
          { timeout: 15000 },
        ),
      );
      await user.click(screen.getByRole('checkbox', { name: 'Select question: Pool question 2' }));
      await user.click(screen.getByRole('button', { name: 'Add to test (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add to test' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Test' }));
      await user.keyboard('Pol');
      await waitFor(() =>
        expect(testQueries.at(-1)?.get('filters[TestName][$containsi]')).toBe('Pol'),
      );
      await user.click(await screen.findByRole('option', { name: 'Polity mock 1' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add 2 questions' }));
      expect(await screen.findByText('2 questions added to Polity mock 1')).toBeInTheDocument();
      expect(bodies).toEqual([{ testId: 'test-5', questionPoolIds: ['pool-1', 'pool-2'] }]);
    },
    SLOW,
  );

  it(
    'deletes a pool question after confirmation and reads the page again',
    async () => {
      const queries = servePool();
      const deleted: string[] = [];
      server.use(
        http.delete('*/api/question-pools/:documentId', ({ params }) => {
          deleted.push(String(params.documentId));
          return HttpResponse.json({ data: null });
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Delete question: Pool question 3' },
          { timeout: 15000 },
        ),
      );
      const reads = queries.length;
      const confirm = await screen.findByRole('dialog', { name: 'Delete question?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Question deleted.')).toBeInTheDocument();
      expect(deleted).toEqual(['pool-3']);
      await waitFor(() => expect(queries.length).toBe(reads + 1));
    },
    SLOW,
  );
});
