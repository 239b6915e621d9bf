import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { facultyUser, strapiError } from '../courses/courseFixtures';
import { list, pagination, secondLevel, subCategories } from './testFixtures';

/** Screens with MUI tables and dialogs render slowly in a test DOM on a busy machine. */
const SLOW = 90000;

function serveSubCategories() {
  const queries: URLSearchParams[] = [];
  let items = [...secondLevel];
  server.use(
    http.get('*/api/test-sub-categories', () => HttpResponse.json(list(subCategories))),
    http.get('*/api/test-sub-category-2s', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(list(items, pagination(1, 100, items.length)));
    }),
  );
  return {
    queries,
    add: (item: (typeof secondLevel)[number]) => {
      items = [item, ...items];
    },
  };
}

describe('second-level sub-categories', () => {
  it(
    'lists them newest first, filters by sub-category, and creates one',
    async () => {
      const { queries, add } = serveSubCategories();
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/test-sub-category-2s', async ({ request }) => {
          bodies.push(await request.json());
          const created = {
            id: 9,
            documentId: 'sub2-ethics',
            test_sub_category_2: 'Ethics',
            type: 'descriptive',
            test_sub_category: subCategories[1],
            createdAt: '2026-11-21T10:00:00.000Z',
          };
          add(created as (typeof secondLevel)[number]);
          return HttpResponse.json({ data: created }, { status: 201 });
        }),
      );
      renderApp({ path: '/testSubCategory2', user: facultyUser, authorities: ['ROLE_FACULTY'] });
      const table = await screen.findByRole(
        'table',
        { name: 'Second-level sub-categories' },
        { timeout: 15000 },
      );
      expect(within(table).getByText('GS Paper 1')).toBeInTheDocument();
      expect(queries[0]?.get('sort')).toBe('createdAt:desc');
      expect(queries[0]?.get('populate')).toBe('test_sub_category');
      expect(queries[0]?.get('pagination[pageSize]')).toBe('100');
      expect(queries[0]?.has('filters[test_sub_category][documentId][$eq]')).toBe(false);

      const user = userEvent.setup({ delay: null });
      await user.selectOptions(
        screen.getByLabelText('Sub-category'),
        await screen.findByRole('option', { name: 'Prelims' }),
      );
      await waitFor(() =>
        expect(queries.at(-1)?.get('filters[test_sub_category][documentId][$eq]')).toBe(
          'sub-prelims',
        ),
      );
      await user.selectOptions(screen.getByLabelText('Sub-category'), '');

      await user.click(screen.getByRole('button', { name: 'New second sub-category' }));
      const dialog = await screen.findByRole('dialog', { name: 'New second sub-category' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByText('Enter the name.')).toBeInTheDocument();
      expect(
        within(dialog).getByText('Choose the sub-category it belongs to.'),
      ).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText(/^Name/), 'Ethics');
      await user.type(within(dialog).getByLabelText('Type'), 'descriptive');
      await user.selectOptions(within(dialog).getByLabelText(/Parent sub-category/), 'sub-mains');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Second sub-category created.')).toBeInTheDocument();
      expect(bodies).toEqual([
        {
          data: {
            test_sub_category_2: 'Ethics',
            type: 'descriptive',
            test_sub_category: 'sub-mains',
          },
        },
      ]);
      expect(await within(table).findByText('Ethics')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "says how many tests it holds before deleting, and reports the server's refusal",
    async () => {
      serveSubCategories();
      const countQueries: URLSearchParams[] = [];
      server.use(
        http.get('*/api/tests', ({ request }) => {
          const params = new URL(request.url).searchParams;
          countQueries.push(params);
          return HttpResponse.json(list([], pagination(1, 1, 3)));
        }),
        http.delete('*/api/test-sub-category-2s/:documentId', () =>
          strapiError(400, 'The tests of this sub-category could not be unlinked.'),
        ),
      );
      renderApp({ path: '/testSubCategory2', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole('button', { name: 'Delete GS Paper 1' }, { timeout: 15000 }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Delete second sub-category?' });
      expect(
        await within(dialog).findByText(/Its 3 test\(s\) will be unlinked from their course\./),
      ).toBeInTheDocument();
      expect(countQueries[0]?.get('filters[test_sub_category_2][documentId][$eq]')).toBe(
        'sub2-gs1',
      );
      expect(countQueries[0]?.get('pagination[pageSize]')).toBe('1');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(
        await within(dialog).findByText('The tests of this sub-category could not be unlinked.'),
      ).toBeInTheDocument();
      // Still listed (behind the open dialog).
      expect(
        screen.getByRole('table', { name: 'Second-level sub-categories', hidden: true }),
      ).toHaveTextContent('GS Paper 1');
    },
    SLOW,
  );
});
