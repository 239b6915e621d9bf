import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import {
  course,
  courseDetail,
  facultyUser,
  list,
  pagination,
  serveCategories,
} from './courseFixtures';

/** Serves 30 courses, 12 a page, and records every list query. */
function serveCourses() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/courses', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('pagination[page]') ?? 1);
      const first = (page - 1) * 12 + 1;
      const count = Math.max(0, Math.min(12, 30 - first + 1));
      return HttpResponse.json(
        list(
          Array.from({ length: count }, (_unused, i) => course(first + i)),
          pagination(page, 12, 30),
        ),
      );
    }),
  );
  return queries;
}

describe('course list', () => {
  it('administrators: active courses newest first, paged, searched and filtered on the server', async () => {
    serveCategories();
    const queries = serveCourses();
    const { store } = renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });

    const courses = await screen.findByRole('list', { name: 'Course list' });
    expect(await within(courses).findByText('Course 1')).toBeInTheDocument();
    expect(within(courses).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'New course' })).toBeInTheDocument();
    const first = queries[0];
    expect(first?.get('filters[is_active][$eq]')).toBe('true');
    expect(first?.get('sort')).toBe('createdAt:desc');
    expect(first?.get('pagination[page]')).toBe('1');
    expect(first?.get('pagination[pageSize]')).toBe('12');
    expect(first?.get('populate[course_image]')).toBe('true');
    expect(first?.get('populate[test_category]')).toBe('true');
    expect(first?.has('filters[course_name][$containsi]')).toBe(false);
    expect(first?.has('filters[faculties][documentId][$eq]')).toBe(false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await within(courses).findByText('Course 13')).toBeInTheDocument();
    expect(queries.at(-1)?.get('pagination[page]')).toBe('2');

    await user.type(screen.getByLabelText('Search courses'), 'pol');
    await screen.findByText('Course 1');
    await waitForQuery(queries, (q) => q.get('filters[course_name][$containsi]') === 'pol');
    // Debounced: no query for the partial words, and the search starts again on page 1.
    const searched = queries.filter((q) => q.has('filters[course_name][$containsi]'));
    expect(searched.map((q) => q.get('filters[course_name][$containsi]'))).toEqual(['pol']);
    expect(searched[0]?.get('pagination[page]')).toBe('1');

    await user.click(await screen.findByRole('button', { name: 'SSC' }));
    await waitForQuery(
      queries,
      (q) => q.get('filters[test_category][documentId][$eq]') === 'cat-ssc',
    );
    expect(queries.at(-1)?.get('filters[course_name][$containsi]')).toBe('pol');
    expect(store.getState().ui.categorySelections.courseList.category).toBe('cat-ssc');
    expect(store.getState().ui.categorySelections.facultyCourses.category).toBeNull();
    expect(screen.getByRole('button', { name: 'SSC' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the chosen category for the course list when coming back', async () => {
    serveCategories();
    const queries = serveCourses();
    const { store } = renderApp({
      path: '/settings',
      user: adminUser,
      authorities: ['ROLE_ADMIN'],
    });
    store.dispatch({
      type: 'ui/categorySelectionChanged',
      payload: { scope: 'courseList', level: 'category', id: 'cat-upsc' },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Courses' }));
    await screen.findByText('Course 1');
    expect(queries[0]?.get('filters[test_category][documentId][$eq]')).toBe('cat-upsc');
  });

  it('faculty: their own courses, with their own kept category', async () => {
    serveCategories();
    const queries = serveCourses();
    const { store } = renderApp({
      path: '/course',
      user: facultyUser,
      authorities: ['ROLE_FACULTY'],
    });
    expect(await screen.findByRole('heading', { name: 'My courses' })).toBeInTheDocument();
    await screen.findByText('Course 1');
    expect(queries[0]?.get('filters[faculties][documentId][$eq]')).toBe('fac-7');
    expect(screen.getByRole('button', { name: 'New course' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'UPSC' }));
    await waitForQuery(
      queries,
      (q) => q.get('filters[test_category][documentId][$eq]') === 'cat-upsc',
    );
    expect(queries.at(-1)?.get('filters[faculties][documentId][$eq]')).toBe('fac-7');
    expect(store.getState().ui.categorySelections.facultyCourses.category).toBe('cat-upsc');
    expect(store.getState().ui.categorySelections.courseList.category).toBeNull();
  });

  it('learners: the courses the server lets them see, read-only', async () => {
    serveCategories();
    const queries = serveCourses();
    server.use(
      http.get('*/api/courses/:documentId', () =>
        HttpResponse.json({
          data: courseDetail({ batches: undefined, faculties: undefined, students: undefined }),
          meta: {},
        }),
      ),
    );
    const { store } = renderApp({
      path: '/course',
      user: studentUser,
      authorities: ['ROLE_STUDENT'],
    });
    await screen.findByText('Course 1');
    expect(queries[0]?.has('filters[faculties][documentId][$eq]')).toBe(false);
    expect(screen.queryByRole('button', { name: 'New course' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'SSC' }));
    expect(store.getState().ui.categorySelections.studentCourses.category).toBe('cat-ssc');

    await user.click(screen.getByRole('link', { name: /Course 1\b/ }));
    expect(await screen.findByText('Clear the prelims')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Course 1' })).toBeInTheDocument();
    expect(
      await screen.findByRole('article', { name: 'Topic Fundamental rights' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download rights.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play video Rights explained' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit course' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit topic/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add video/ })).not.toBeInTheDocument();
    expect(store.getState().ui.selected.course).toBe('course-1');
  });

  it('says so when nothing matches, and shows the error when the list fails', async () => {
    serveCategories();
    let fail = false;
    server.use(
      http.get('*/api/courses', () =>
        fail
          ? HttpResponse.json(
              {
                data: null,
                error: {
                  status: 500,
                  name: 'InternalServerError',
                  message: 'Database unavailable',
                },
              },
              { status: 500 },
            )
          : HttpResponse.json(list([], pagination(1, 12, 0))),
      ),
    );
    renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
    fail = true;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'UPSC' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});

async function waitForQuery(queries: URLSearchParams[], match: (q: URLSearchParams) => boolean) {
  const { waitFor } = await import('@testing-library/react');
  await waitFor(() => expect(queries.some(match)).toBe(true));
}
