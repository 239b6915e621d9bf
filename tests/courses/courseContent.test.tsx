import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { adminUser, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { courseDetail, list, polity, strapiError, topicA } from './courseFixtures';

function content() {
  return {
    id: 91,
    documentId: 'content-1',
    description: 'Read chapter 3 first',
    subject: { id: 21, documentId: 'subject-polity' },
    topic: { id: 31, documentId: 'topic-a', topic_name: 'Fundamental rights' },
    topic_materials: [{ id: 502, name: 'chapter3.pdf', url: '/uploads/chapter3.pdf' }],
    youtube_videos: [],
  };
}

function serveCourse() {
  const contentQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/courses/:documentId', () =>
      HttpResponse.json({ data: courseDetail(), meta: {} }),
    ),
    http.get('*/api/course-contents', ({ request }) => {
      contentQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(list([content()]));
    }),
  );
  return contentQueries;
}

async function openContentTab() {
  renderApp({ path: '/course/course-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Content' }));
  return user;
}

describe('course content', () => {
  it('loads the content of the course and subject, and reports the refusal to remove a topic', async () => {
    const queries = serveCourse();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/course-contents/:documentId/remove-topic', async ({ request, params }) => {
        bodies.push({ id: params.documentId, body: await request.json() });
        return strapiError(400, 'The topic does not match this course content.');
      }),
    );
    const user = await openContentTab();
    const card = await screen.findByRole('article', { name: 'Content Fundamental rights' });
    expect(within(card).getByText('Read chapter 3 first')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download chapter3.pdf' })).toBeInTheDocument();
    const query = queries[0];
    expect(query?.get('filters[course][documentId][$eq]')).toBe('course-1');
    expect(query?.get('filters[subject][documentId][$eq]')).toBe('subject-polity');
    expect(query?.get('populate[topic_materials]')).toBe('true');
    expect(query?.get('populate[youtube_videos]')).toBe('true');

    await user.click(within(card).getByRole('button', { name: 'Remove topic content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove topic content?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText('The topic does not match this course content.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 'content-1', body: { topic: 'topic-a' } }]);

    // Another subject's content is asked for by that subject.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'History' }));
    await waitFor(() =>
      expect(queries.at(-1)?.get('filters[subject][documentId][$eq]')).toBe('subject-history'),
    );
  });

  it('shows a learner no empty groups and no "No topic" (issue 24)', async () => {
    const general = { ...content(), documentId: 'content-2', topic: null, description: 'Syllabus' };
    const empty = {
      ...content(),
      documentId: 'content-3',
      topic: null,
      description: '',
      topic_materials: [],
    };
    server.use(
      http.get('*/api/courses/:documentId', () =>
        HttpResponse.json({ data: courseDetail(), meta: {} }),
      ),
      http.get('*/api/course-contents', () => HttpResponse.json(list([general, empty]))),
    );
    renderApp({ path: '/course/course-1', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Content' }, { timeout: 15000 }));
    expect(
      await screen.findByRole('article', { name: 'Content General' }, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: /^Content / })).toHaveLength(1);
    expect(screen.queryByText('No topic')).toBeNull();
  });

  it('clears the topic of a content when the server agrees', async () => {
    serveCourse();
    server.use(
      http.post('*/api/course-contents/:documentId/remove-topic', () =>
        HttpResponse.json({ data: { ...content(), topic: null, topic_materials: [] } }),
      ),
    );
    const user = await openContentTab();
    const card = await screen.findByRole('article', { name: 'Content Fundamental rights' });
    await user.click(within(card).getByRole('button', { name: 'Remove topic content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove topic content?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('article', { name: 'Content No topic' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download chapter3.pdf' })).not.toBeInTheDocument();
  });

  it('adds content for the subject with materials uploaded in two steps', async () => {
    serveCourse();
    const bodies: unknown[] = [];
    const steps: string[] = [];
    server.use(
      http.post('*/api/media/s3-upload-url', () => {
        steps.push('sign');
        return HttpResponse.json({
          uploadURL: 'http://localhost:3000/api/media/local/k1?token=t',
          key: 'k1',
        });
      }),
      http.put('*/api/media/local/k1', ({ request }) => {
        steps.push(`put auth=${String(request.headers.get('authorization'))}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/api/media', () => {
        steps.push('register');
        return HttpResponse.json(
          { data: { id: 903, name: 'map.png', url: '/uploads/map.png' } },
          { status: 201 },
        );
      }),
      http.post('*/api/course-contents', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: content() }, { status: 201 });
      }),
    );
    const user = await openContentTab();
    await user.click(await screen.findByRole('button', { name: 'Add content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add content' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Topic' }));
    await user.click(await screen.findByRole('option', { name: 'Directive principles' }));
    await user.type(within(dialog).getByLabelText('Description'), 'Maps');
    await user.upload(
      within(dialog).getByLabelText('Add files to Materials'),
      new File(['png'], 'map.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(steps).toEqual(['sign', 'put auth=null', 'register']));
    expect(await within(dialog).findByText('map.png')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Save content' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save content' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        data: {
          course: 'course-1',
          subject: 'subject-polity',
          topic: 'topic-b',
          description: 'Maps',
          topic_materials: [903],
          youtube_videos: [],
        },
      },
    ]);
  }, 30000);
});

describe('topic materials upload', () => {
  it('shows progress with a Cancel button; a failed step shows its error and keeps what was typed', async () => {
    server.use(
      http.get('*/api/subjects/:documentId', () => HttpResponse.json({ data: polity, meta: {} })),
    );
    let failPut = false;
    let releasePut: () => void = () => undefined;
    const registered = vi.fn();
    server.use(
      http.post('*/api/media/s3-upload-url', () =>
        HttpResponse.json({ uploadURL: 'https://bucket.storage.test/k2?sig=1', key: 'k2' }),
      ),
      http.put('https://bucket.storage.test/k2', async () => {
        if (failPut) return HttpResponse.text('Request has expired', { status: 403 });
        await new Promise<void>((resolve) => {
          releasePut = resolve;
        });
        return new HttpResponse(null, { status: 200 });
      }),
      http.post('*/api/media', () => {
        registered();
        return HttpResponse.json({
          data: { id: 904, name: 'notes.pdf', url: 'https://bucket.storage.test/k2' },
        });
      }),
    );
    renderApp({ path: '/subjects/subject-polity', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'New topic' });
    await user.type(within(dialog).getByLabelText(/Topic name/), 'Emergency provisions');

    // A running upload: progress with percent, and Cancel stops it (nothing is registered).
    await user.upload(
      within(dialog).getByLabelText('Add files to Materials'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Uploading notes.pdf' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Uploading notes\.pdf… \d+%/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel uploading notes.pdf' }));
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    releasePut();
    expect(registered).not.toHaveBeenCalled();
    expect(within(dialog).getByText('No files attached.')).toBeInTheDocument();

    // A failing step: its message, and the form as it was.
    failPut = true;
    await user.upload(
      within(dialog).getByLabelText('Add files to Materials'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(await within(dialog).findByText('notes.pdf: Request has expired')).toBeInTheDocument();
    expect(registered).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/Topic name/)).toHaveValue('Emergency provisions');
    expect(await within(dialog).findByRole('button', { name: 'Save topic' })).toBeEnabled();
  }, 30000);

  it('checks size and type before sending anything', async () => {
    server.use(
      http.get('*/api/subjects/:documentId', () => HttpResponse.json({ data: polity, meta: {} })),
    );
    renderApp({ path: '/subjects/subject-polity', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'New topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'New topic' });
    const big = new File(['x'], 'lecture.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Add files to Materials'), [
      big,
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    ]);
    expect(
      await within(dialog).findByText('lecture.mp4: The file is larger than 50 MB.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('setup.exe: This type of file is not allowed.'),
    ).toBeInTheDocument();
  });
});

describe('videos of a topic', () => {
  it('checks the link is a YouTube video, then adds it and extends the topic with it', async () => {
    const subjectQueries: URLSearchParams[] = [];
    const calls: Array<{ step: string; id?: unknown; body: unknown }> = [];
    server.use(
      http.get('*/api/courses/:documentId', () =>
        HttpResponse.json({ data: courseDetail(), meta: {} }),
      ),
      http.get('*/api/subjects', ({ request }) => {
        subjectQueries.push(new URL(request.url).searchParams);
        const updated = {
          ...topicA,
          youtube_videos: [
            ...topicA.youtube_videos,
            {
              id: 42,
              documentId: 'video-new',
              title: 'Writs',
              url: 'https://youtu.be/ZYXWVUTSRQP',
            },
          ],
        };
        return HttpResponse.json(list([{ ...polity, topics: [updated, polity.topics[1]] }]));
      }),
      http.post('*/api/youtube-videos', async ({ request }) => {
        calls.push({ step: 'video', body: await request.json() });
        return HttpResponse.json(
          {
            data: {
              id: 42,
              documentId: 'video-new',
              title: 'Writs',
              url: 'https://youtu.be/ZYXWVUTSRQP',
            },
          },
          { status: 201 },
        );
      }),
      http.put('*/api/topics/:documentId', async ({ request, params }) => {
        calls.push({ step: 'topic', id: params.documentId, body: await request.json() });
        return HttpResponse.json({ data: topicA });
      }),
    );
    renderApp({ path: '/course/course-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Add video to Fundamental rights' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add video' });
    await user.type(within(dialog).getByLabelText(/Title/), 'Writs');
    await user.type(within(dialog).getByLabelText(/YouTube link/), 'https://vimeo.com/12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save video' }));
    expect(await within(dialog).findByText(/Enter a YouTube video link/)).toBeInTheDocument();
    expect(calls).toEqual([]);

    const link = within(dialog).getByLabelText(/YouTube link/);
    await user.clear(link);
    await user.type(link, 'https://youtu.be/ZYXWVUTSRQP');
    await user.click(within(dialog).getByRole('button', { name: 'Save video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      { step: 'video', body: { data: { title: 'Writs', url: 'https://youtu.be/ZYXWVUTSRQP' } } },
      {
        step: 'topic',
        id: 'topic-a',
        body: { data: { youtube_videos: ['video-1', 'video-new'] } },
      },
    ]);
    // The course's subjects are read again by their ids, and the new video is listed.
    expect(await screen.findByRole('button', { name: 'Play video Writs' })).toBeInTheDocument();
    expect(subjectQueries[0]?.get('filters[documentId][$in][0]')).toBe('subject-polity');
    expect(subjectQueries[0]?.get('filters[documentId][$in][1]')).toBe('subject-history');

    await user.click(screen.getByRole('button', { name: 'Play video Writs' }));
    expect(screen.getByTitle('Writs')).toHaveAttribute(
      'src',
      expect.stringContaining('https://www.youtube-nocookie.com/embed/ZYXWVUTSRQP?enablejsapi=1'),
    );
  }, 30000);

  it('edits and deletes a video', async () => {
    const calls: unknown[] = [];
    server.use(
      http.get('*/api/courses/:documentId', () =>
        HttpResponse.json({ data: courseDetail(), meta: {} }),
      ),
      http.get('*/api/subjects', () => HttpResponse.json(list([polity]))),
      http.put('*/api/youtube-videos/:documentId', async ({ request, params }) => {
        calls.push({ method: 'PUT', id: params.documentId, body: await request.json() });
        return HttpResponse.json({
          data: {
            id: 41,
            documentId: 'video-1',
            title: 'Rights',
            url: 'https://youtu.be/abcdefghijk',
          },
        });
      }),
      http.delete('*/api/youtube-videos/:documentId', ({ params }) => {
        calls.push({ method: 'DELETE', id: params.documentId });
        return HttpResponse.json({ data: null });
      }),
    );
    renderApp({ path: '/course/course-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit video Rights explained' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit video' });
    const title = within(dialog).getByLabelText(/Title/);
    await user.clear(title);
    await user.type(title, 'Rights');
    await user.click(within(dialog).getByRole('button', { name: 'Save video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete video Rights explained' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete video?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        method: 'PUT',
        id: 'video-1',
        body: { data: { title: 'Rights', url: 'https://youtu.be/abcdefghijk' } },
      },
      { method: 'DELETE', id: 'video-1' },
    ]);
  }, 30000);
});
