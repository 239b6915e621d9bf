// Draft → published → closed on the staff lists (issue 23): the status chips, the list's own
// filters sent to the server, Publish showing the server's list of what is missing, Close after a
// confirmation, a new test saved as a draft; the courses list's deactivated filter and reactivate.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { course, serveCategories, strapiError } from '../courses/courseFixtures';
import {
  list,
  pagination,
  serveFilterLists,
  serveTestPage,
  test,
  testDetail,
} from './testFixtures';

const SLOW = 90000;

function serveTests() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/tests', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(
        list(
          [
            test(1, { status: 'draft' }),
            test(2, { status: 'published' }),
            test(3, { status: 'closed' }),
            test(4, { status: null }),
          ],
          pagination(1, 25, 4),
        ),
      );
    }),
  );
  return queries;
}

const rowOf = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('link', { name }).closest('tr') as HTMLElement);

describe('tests: status, filters, publish and close', () => {
  it(
    'shows each status as a chip and sends search, status and dates to the server',
    async () => {
      serveFilterLists();
      const queries = serveTests();
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const table = await screen.findByRole('table', { name: 'Tests' }, { timeout: 15000 });
      await within(table).findByRole('link', { name: 'Test 1' });
      expect(rowOf(table, 'Test 1').getByText('Draft')).toBeInTheDocument();
      expect(rowOf(table, 'Test 2').getByText('Published')).toBeInTheDocument();
      expect(rowOf(table, 'Test 3').getByText('Closed')).toBeInTheDocument();
      // A row without a status (made before statuses) is published.
      expect(rowOf(table, 'Test 4').getByText('Published')).toBeInTheDocument();
      // Publish only on a draft, Close only on a published test.
      expect(
        rowOf(table, 'Test 1').getByRole('button', { name: 'Publish test Test 1' }),
      ).toBeVisible();
      expect(rowOf(table, 'Test 1').queryByRole('button', { name: /^Close/ })).toBeNull();
      expect(rowOf(table, 'Test 2').queryByRole('button', { name: /^Publish/ })).toBeNull();
      expect(rowOf(table, 'Test 3').queryByRole('button', { name: /^(Publish|Close)/ })).toBeNull();
      expect(queries[0]?.has('filters[status][$eq]')).toBe(false);

      const user = userEvent.setup({ delay: null });
      await user.selectOptions(screen.getByLabelText('Status'), 'draft');
      await waitFor(() => expect(queries.at(-1)?.get('filters[status][$eq]')).toBe('draft'));
      await user.type(screen.getByLabelText('Search tests by name'), 'mock');
      await waitFor(() =>
        expect(queries.at(-1)?.get('filters[TestName][$containsi]')).toBe('mock'),
      );
      await user.type(screen.getByLabelText('From'), '2026-12-01');
      await waitFor(() => expect(queries.at(-1)?.has('filters[ValidTo][$gte]')).toBe(true));
      const from = new Date(queries.at(-1)?.get('filters[ValidTo][$gte]') ?? '');
      expect(from.getTime()).toBe(new Date('2026-12-01T00:00:00').getTime());
      expect(queries.at(-1)?.get('filters[status][$eq]')).toBe('draft');
      expect(queries.at(-1)?.get('pagination[page]')).toBe('1');
    },
    SLOW,
  );

  it(
    'Publish shows what the server says is missing; Close asks first, then closes',
    async () => {
      serveFilterLists();
      serveTests();
      const closed: string[] = [];
      const message =
        'The test cannot be published yet. It needs the duration; at least one question.';
      server.use(
        http.post('*/api/tests/:id/publish', () => strapiError(400, message)),
        http.post('*/api/tests/:id/close', ({ params }) => {
          closed.push(String(params.id));
          return HttpResponse.json({ data: test(2, { status: 'closed' }) });
        }),
      );
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const table = await screen.findByRole('table', { name: 'Tests' }, { timeout: 15000 });
      await within(table).findByRole('link', { name: 'Test 1' });
      const user = userEvent.setup({ delay: null });

      await user.click(screen.getByRole('button', { name: 'Publish test Test 1' }));
      expect(await screen.findByText(message)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Close test Test 2' }));
      const dialog = await screen.findByRole('dialog', { name: 'Close test?' });
      expect(closed).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Close now' }));
      await waitFor(() => expect(closed).toEqual(['test-2']));
      expect(await screen.findByText('Test closed.')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('a test page: status, publish, close', () => {
  it(
    'a draft shows its chip and Publish; once published, Close',
    async () => {
      let status = 'draft';
      const published: string[] = [];
      serveTestPage(testDetail(5, { status: 'draft' }), []);
      server.use(
        http.get('*/api/tests/test-5', () =>
          HttpResponse.json({ data: testDetail(5, { status }) }),
        ),
        http.post('*/api/tests/:id/publish', ({ params }) => {
          published.push(String(params.id));
          status = 'published';
          return HttpResponse.json({ data: test(5, { status }) });
        }),
      );
      renderApp({ path: '/testcorner/test-5', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const publish = await screen.findByRole(
        'button',
        { name: 'Publish test' },
        { timeout: 15000 },
      );
      expect(screen.getByText('Draft')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close test' })).toBeNull();
      const user = userEvent.setup({ delay: null });
      await user.click(publish);
      await waitFor(() => expect(published).toEqual(['test-5']));
      expect(await screen.findByRole('button', { name: 'Close test' })).toBeInTheDocument();
      expect(screen.getByText('Published')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Publish test' })).toBeNull();
    },
    SLOW,
  );
});

describe('courses: deactivated ones and reactivating', () => {
  it('lists the deactivated courses on a filter and reactivates one after a confirmation', async () => {
    serveCategories();
    const queries: URLSearchParams[] = [];
    const writes: unknown[] = [];
    server.use(
      http.get('*/api/courses', ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        const inactive = params.get('filters[is_active][$eq]') === 'false';
        return HttpResponse.json(
          list([course(inactive ? 7 : 1, { is_active: !inactive })], pagination(1, 12, 1)),
        );
      }),
      http.put('*/api/courses/:id', async ({ request, params }) => {
        writes.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({ data: course(7, { is_active: true }) });
      }),
    );
    renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const courses = await screen.findByRole('list', { name: 'Course list' });
    expect(await within(courses).findByText('Course 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reactivate/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Show deactivated'));
    expect(await screen.findByText('Course 7')).toBeInTheDocument();
    expect(queries.at(-1)?.get('filters[is_active][$eq]')).toBe('false');
    expect(screen.getByText('Deactivated')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate course Course 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate course?' });
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() =>
      expect(writes).toEqual([{ id: 'course-7', body: { data: { is_active: true } } }]),
    );
    expect(await screen.findByText('Course reactivated.')).toBeInTheDocument();
  });
});
