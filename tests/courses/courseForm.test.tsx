import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import {
  categories,
  course,
  courseDetail,
  history,
  languages,
  list,
  pagination,
  polity,
  serveCategories,
  strapiError,
} from './courseFixtures';

function servePickers() {
  serveCategories();
  const studentQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/courses', () => HttpResponse.json(list([course(1)], pagination(1, 12, 1)))),
    http.get('*/api/test-languages', () => HttpResponse.json(list(languages))),
    http.get('*/api/subjects', () =>
      HttpResponse.json(list([polity, history], pagination(1, 100, 2))),
    ),
    http.get('*/api/batches', () => HttpResponse.json(list([]))),
    http.get('*/api/faculties', () =>
      HttpResponse.json(list([{ id: 7, documentId: 'fac-7', FacultyName: 'Dr. Meera Iyer' }])),
    ),
    http.get('*/api/students', ({ request }) => {
      const params = new URL(request.url).searchParams;
      studentQueries.push(params);
      return HttpResponse.json(
        list([
          { id: 1, documentId: 'stu-1', StudentName: 'Asha Rao', student_email: 'asha@demo.test' },
        ]),
      );
    }),
  );
  return { studentQueries };
}

/** Puts text into a field in one go (typing key by key into this large form is slow). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openNewCourse(options: { applyAccept?: boolean } = {}) {
  renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });
  const user = userEvent.setup({ delay: null, ...options });
  await user.click(await screen.findByRole('button', { name: 'New course' }));
  const dialog = await screen.findByRole('dialog', { name: 'New course' });
  return { user, dialog };
}

describe('create a course', () => {
  it('uploads the image with progress, picks subjects and learners (server search), and posts every field', async () => {
    const { studentQueries } = servePickers();
    let releaseUpload: () => void = () => undefined;
    const uploadHeld = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/upload', async () => {
        await uploadHeld;
        return HttpResponse.json([{ id: 77, name: 'cover.png', url: '/uploads/cover.png' }], {
          status: 201,
        });
      }),
      http.post('*/api/courses', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { data: course(99, { course_name: 'Modern India' }) },
          { status: 201 },
        );
      }),
    );
    const { user, dialog } = await openNewCourse();

    await fill(user, within(dialog).getByLabelText(/Course name/), 'Modern India');
    await fill(user, within(dialog).getByLabelText('Outcome'), 'Know the freedom struggle');
    await user.click(within(dialog).getByRole('switch', { name: /Public/ }));

    await user.upload(
      within(dialog).getByLabelText('Course image'),
      new File(['png-bytes'], 'cover.png', { type: 'image/png' }),
    );
    const bar = await within(dialog).findByRole('progressbar', { name: 'Uploading cover.png' });
    expect(bar).toHaveAttribute('aria-valuenow');
    expect(within(dialog).getByText(/Uploading cover\.png… \d+%/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create course' })).toBeDisabled();
    releaseUpload();
    expect(await within(dialog).findByText('cover.png')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: categories[1]?.CategoryName }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Subjects' }));
    await user.click(await screen.findByRole('option', { name: 'Polity' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Learners' }));
    await user.keyboard('Ash');
    await user.click(await screen.findByRole('option', { name: 'Asha Rao (asha@demo.test)' }));
    // Learners are searched on the server, 20 at a time, never the whole table.
    expect(studentQueries.at(-1)?.get('filters[StudentName][$containsi]')).toBe('Ash');
    expect(studentQueries.at(-1)?.get('pagination[pageSize]')).toBe('20');
    expect(studentQueries.every((q) => q.has('filters[StudentName][$containsi]'))).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New course' })).not.toBeInTheDocument(),
    );
    expect(bodies).toEqual([
      {
        data: {
          course_name: 'Modern India',
          course_description: '',
          course_outcome: 'Know the freedom struggle',
          course_requirements: '',
          is_public: true,
          is_active: true,
          course_image: 77,
          test_category: 'cat-ssc',
          test_language: null,
          subjects: ['subject-polity'],
          batches: [],
          students: ['stu-1'],
          faculties: [],
        },
      },
    ]);
    expect(await screen.findByText('Course created.')).toBeInTheDocument();
  }, 45000);

  it('needs a name, and keeps every field when the server refuses', async () => {
    servePickers();
    const posted = vi.fn();
    server.use(
      http.post('*/api/courses', () => {
        posted();
        return strapiError(400, 'A course with this name already exists');
      }),
    );
    const { user, dialog } = await openNewCourse();

    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await within(dialog).findByText('Enter the course name.')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();

    await fill(user, within(dialog).getByLabelText(/Course name/), 'Polity');
    await fill(user, within(dialog).getByLabelText('Description'), 'Constitution and governance');
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(
      await within(dialog).findByText('A course with this name already exists'),
    ).toBeInTheDocument();
    expect(posted).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByLabelText(/Course name/)).toHaveValue('Polity');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Constitution and governance');
  }, 45000);

  it('refuses an image that is not an image before sending it', async () => {
    servePickers();
    const { user, dialog } = await openNewCourse({ applyAccept: false });
    await user.upload(
      within(dialog).getByLabelText('Course image'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(
      await within(dialog).findByText('Choose a PNG, JPEG, GIF or WebP image.'),
    ).toBeInTheDocument();
  });
});

describe('deactivate a course', () => {
  it('asks first, then sets is_active to false and goes back to the list', async () => {
    servePickers();
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/courses/:documentId', () =>
        HttpResponse.json({ data: courseDetail(), meta: {} }),
      ),
      http.put('*/api/courses/:documentId', async ({ request, params }) => {
        puts.push({ id: params.documentId, body: await request.json() });
        return HttpResponse.json({ data: course(1, { is_active: false }) });
      }),
    );
    renderApp({ path: '/course/course-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate course?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate course?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Course deactivated.')).toBeInTheDocument();
    expect(puts).toEqual([{ id: 'course-1', body: { data: { is_active: false } } }]);
    expect(window.location.pathname).toBe('/course');
  });

  it('shows batches read-only on the course page', async () => {
    servePickers();
    server.use(
      http.get('*/api/courses/:documentId', () =>
        HttpResponse.json({ data: courseDetail(), meta: {} }),
      ),
    );
    renderApp({ path: '/course/course-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Batches' }));
    expect(await screen.findByText('Morning batch')).toBeInTheDocument();
    expect(
      screen.getByText('Batches are linked to courses on the Batches screen.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tests' }));
    expect(await screen.findByText('Polity mock 1')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Assignments' }));
    expect(await screen.findByText('Essay on rights')).toBeInTheDocument();
  });
});
