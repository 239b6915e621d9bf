import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../src/store/store';
import {
  coursesEndpoints,
  SUBJECT_IDS_NOT_DEFINED,
} from '../../src/features/courses/coursesEndpoints';
import { server } from '../msw/server';
import { adminUser, signedInSession } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { history, list, pagination, polity, strapiError } from './courseFixtures';

describe('subjects list', () => {
  it('lists newest first with server paging and search; creates, edits and deletes (after confirming)', async () => {
    const queries: URLSearchParams[] = [];
    const writes: Array<{ method: string; id?: string; body?: unknown }> = [];
    server.use(
      http.get('*/api/subjects', ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        return HttpResponse.json(list([polity, history], pagination(1, 10, 12)));
      }),
      http.post('*/api/subjects', async ({ request }) => {
        writes.push({ method: 'POST', body: await request.json() });
        return HttpResponse.json(
          { data: { id: 23, documentId: 'subject-geo', SubjectName: 'Geography' } },
          { status: 201 },
        );
      }),
      http.put('*/api/subjects/:documentId', async ({ request, params }) => {
        writes.push({ method: 'PUT', id: String(params.documentId), body: await request.json() });
        return HttpResponse.json({ data: { ...polity, SubjectName: 'Indian Polity' } });
      }),
      http.delete('*/api/subjects/:documentId', ({ params }) => {
        writes.push({ method: 'DELETE', id: String(params.documentId) });
        return HttpResponse.json({ data: history });
      }),
    );
    renderApp({ path: '/subjects', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const table = await screen.findByRole('table', { name: 'Subjects' });
    expect(await within(table).findByText('Polity')).toBeInTheDocument();
    expect(queries[0]?.get('sort')).toBe('createdAt:desc');
    expect(queries[0]?.get('pagination[page]')).toBe('1');
    expect(queries[0]?.get('pagination[pageSize]')).toBe('10');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('pagination[page]')).toBe('2'));
    await user.type(screen.getByLabelText('Search subjects'), 'Pol');
    await waitFor(() =>
      expect(queries.at(-1)?.get('filters[SubjectName][$containsi]')).toBe('Pol'),
    );
    expect(queries.at(-1)?.get('pagination[page]')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'New subject' }));
    let dialog = await screen.findByRole('dialog', { name: 'New subject' });
    await user.type(within(dialog).getByLabelText(/Subject name/), 'Geography');
    await user.type(within(dialog).getByLabelText('Subject code'), 'GEO');
    await user.click(within(dialog).getByRole('button', { name: 'Save subject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Edit subject Polity' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit subject' });
    const name = within(dialog).getByLabelText(/Subject name/);
    await user.clear(name);
    await user.type(name, 'Indian Polity');
    await user.click(within(dialog).getByRole('button', { name: 'Save subject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Delete subject History' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete subject?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(writes).toEqual([
      { method: 'POST', body: { data: { SubjectName: 'Geography', subject_code: 'GEO' } } },
      {
        method: 'PUT',
        id: 'subject-polity',
        body: { data: { SubjectName: 'Indian Polity', subject_code: 'POL' } },
      },
      { method: 'DELETE', id: 'subject-history' },
    ]);
  }, 30000);
});

function serveSubject(topics = polity.topics) {
  const gets: URLSearchParams[] = [];
  server.use(
    http.get('*/api/subjects/:documentId', ({ request }) => {
      gets.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: { ...polity, topics }, meta: {} });
    }),
  );
  return gets;
}

describe('a subject and its topics', () => {
  it('removes several topics in one call, after confirming', async () => {
    const gets = serveSubject();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/subjects/:documentId/remove-topics', async ({ request, params }) => {
        bodies.push({ id: params.documentId, body: await request.json() });
        return HttpResponse.json({ data: { removed: 2 } });
      }),
    );
    renderApp({ path: '/subjects/subject-polity', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select topic Fundamental rights' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select topic Directive principles' }));
    expect(gets[0]?.get('populate[topics][populate][topic_material]')).toBe('true');
    expect(gets[0]?.get('populate[topics][populate][youtube_videos]')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Remove selected topics (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove topics?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('2 topic(s) removed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 'subject-polity', body: { topics: ['topic-a', 'topic-b'] } }]);
  });

  it("shows the server's refusal to remove topics and changes nothing", async () => {
    serveSubject();
    server.use(
      http.post('*/api/subjects/:documentId/remove-topics', () =>
        strapiError(400, 'Topic topic-b is not in this subject.'),
      ),
    );
    renderApp({ path: '/subjects/subject-polity', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select topic Directive principles' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove selected topics (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove topics?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText('Topic topic-b is not in this subject.'),
    ).toBeInTheDocument();
    // Behind the still-open dialog, the selection is as it was.
    expect(
      screen.getByRole('checkbox', { name: 'Select topic Directive principles', hidden: true }),
    ).toBeChecked();
  });

  it('creates a topic in the subject, and edits a topic', async () => {
    serveSubject();
    const writes: unknown[] = [];
    server.use(
      http.post('*/api/topics', async ({ request }) => {
        writes.push({ method: 'POST', body: await request.json() });
        return HttpResponse.json(
          { data: { id: 33, documentId: 'topic-c', topic_name: 'Preamble' } },
          { status: 201 },
        );
      }),
      http.put('*/api/topics/:documentId', async ({ request, params }) => {
        writes.push({ method: 'PUT', id: params.documentId, body: await request.json() });
        return HttpResponse.json({
          data: { id: 32, documentId: 'topic-b', topic_name: 'Directive principles' },
        });
      }),
    );
    renderApp({ path: '/subjects/subject-polity', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New topic' }));
    let dialog = await screen.findByRole('dialog', { name: 'New topic' });
    await user.type(within(dialog).getByLabelText(/Topic name/), 'Preamble');
    await user.type(within(dialog).getByLabelText('Description'), 'We the people');
    await user.click(within(dialog).getByRole('button', { name: 'Save topic' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit topic Fundamental rights' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
    // Removing an attached file keeps the others out of the update.
    await user.click(within(dialog).getByLabelText('Remove rights.pdf'));
    await user.type(within(dialog).getByLabelText('Description'), ' and remedies');
    await user.click(within(dialog).getByRole('button', { name: 'Save topic' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(writes).toEqual([
      {
        method: 'POST',
        body: {
          data: {
            topic_name: 'Preamble',
            topic_description: 'We the people',
            subject: 'subject-polity',
            topic_material: [],
          },
        },
      },
      {
        method: 'PUT',
        id: 'topic-a',
        body: {
          data: {
            topic_name: 'Fundamental rights',
            topic_description: 'Articles 12 to 35 and remedies',
            topic_material: [],
          },
        },
      },
    ]);
  }, 30000);
});

const { refreshCourseSubjects } = coursesEndpoints.endpoints;

describe("reading a course's subjects again by their ids", () => {
  it.each([[undefined], [null], [[]], [['subject-polity', '']]])(
    'fails with "Subject ID(s) are not defined" for %j, without asking the server',
    async (ids) => {
      // Any call to the server would fail the test (msw answers unknown calls with an error).
      const store = makeStore({ session: signedInSession(adminUser, ['ROLE_ADMIN']) });
      const result = await store.dispatch(
        refreshCourseSubjects.initiate({ courseId: 'course-1', subjectIds: ids }),
      );
      expect(result.error).toMatchObject({ message: SUBJECT_IDS_NOT_DEFINED });
      expect(SUBJECT_IDS_NOT_DEFINED).toBe('Subject ID(s) are not defined');
    },
  );

  it('asks for the subjects by their ids, with topics', async () => {
    const seen = vi.fn();
    server.use(
      http.get('*/api/subjects', ({ request }) => {
        seen(new URL(request.url).searchParams);
        return HttpResponse.json(list([polity, history]));
      }),
    );
    const store = makeStore({ session: signedInSession(adminUser, ['ROLE_ADMIN']) });
    const result = await store.dispatch(
      refreshCourseSubjects.initiate({
        courseId: 'course-1',
        subjectIds: ['subject-polity', 'subject-history'],
      }),
    );
    expect(result.data).toHaveLength(2);
    const params = seen.mock.calls[0]?.[0] as URLSearchParams;
    expect(params.get('filters[documentId][$in][0]')).toBe('subject-polity');
    expect(params.get('filters[documentId][$in][1]')).toBe('subject-history');
    expect(params.get('populate[topics][populate][youtube_videos]')).toBe('true');
  });
});
