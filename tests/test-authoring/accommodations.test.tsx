// Accommodations on the staff test page (issue 23): the card lists the test's accommodations,
// adds one for a batch (the picker of the test form) with its extra time, refuses a percent over
// 300 before asking the server, and deletes one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { list, question, serveTestPage, testDetail } from './testFixtures';

const SLOW = 90000;

interface Row {
  documentId: string;
  student: { id: number; documentId: string; StudentName: string } | null;
  batch: { id: number; documentId: string; Batch: string } | null;
  extra_minutes: number;
  extra_percent: number;
  extra_attempts: number;
  window_from: string | null;
  window_to: string | null;
  note: string | null;
}

const asha: Row = {
  documentId: 'acc-1',
  student: { id: 1, documentId: 'stu-1', StudentName: 'Asha Rao' },
  batch: null,
  extra_minutes: 10,
  extra_percent: 0,
  extra_attempts: 1,
  window_from: null,
  window_to: null,
  note: 'Scribe',
};

function serveAccommodations(start: Row[]) {
  let rows = [...start];
  const posts: unknown[] = [];
  const deletes: string[] = [];
  serveTestPage(testDetail(1), [question(1)]);
  server.use(
    http.get('*/api/batches', () =>
      HttpResponse.json(list([{ id: 61, documentId: 'batch-1', Batch: 'Morning batch' }])),
    ),
    http.get('*/api/tests/:documentId/accommodations', () => HttpResponse.json({ data: rows })),
    http.post('*/api/tests/:documentId/accommodations', async ({ request }) => {
      const body = (await request.json()) as { data: Record<string, unknown> };
      posts.push(body);
      const made: Row = {
        documentId: 'acc-2',
        student: null,
        batch: { id: 61, documentId: 'batch-1', Batch: 'Morning batch' },
        extra_minutes: Number(body.data.extra_minutes),
        extra_percent: Number(body.data.extra_percent),
        extra_attempts: Number(body.data.extra_attempts),
        window_from: null,
        window_to: null,
        note: null,
      };
      rows = [...rows, made];
      return HttpResponse.json({ data: made }, { status: 201 });
    }),
    http.delete('*/api/tests/:documentId/accommodations/:id', ({ params }) => {
      deletes.push(String(params.id));
      const gone = rows.find((row) => row.documentId === params.id);
      rows = rows.filter((row) => row.documentId !== params.id);
      return HttpResponse.json({ data: gone });
    }),
  );
  return { posts, deletes };
}

async function openCard() {
  renderApp({ path: '/testcorner/test-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
  return screen.findByRole('list', { name: 'Accommodations' }, { timeout: 20000 });
}

describe('accommodations card', () => {
  it(
    "lists the test's accommodations and adds one for a batch",
    async () => {
      const { posts } = serveAccommodations([asha]);
      const listed = await openCard();
      expect(await within(listed).findByText('Learner: Asha Rao')).toBeInTheDocument();
      expect(within(listed).getByText(/\+10 min, \+1 attempt · Scribe/)).toBeInTheDocument();

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Add accommodation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add accommodation' });
      await user.click(within(dialog).getByRole('radio', { name: 'A batch' }));
      await user.click(within(dialog).getByRole('combobox', { name: 'Batch' }));
      await user.click(await screen.findByRole('option', { name: 'Morning batch' }));
      const minutes = within(dialog).getByRole('spinbutton', { name: 'Extra minutes' });
      await user.clear(minutes);
      await user.type(minutes, '15');
      const percent = within(dialog).getByRole('spinbutton', { name: 'Extra time (%)' });
      await user.clear(percent);
      await user.type(percent, '301');
      await user.click(within(dialog).getByRole('button', { name: 'Add accommodation' }));
      // Over 300 %: refused here, nothing sent.
      expect(await within(dialog).findByText('At most 300.')).toBeInTheDocument();
      expect(posts).toEqual([]);
      await user.clear(percent);
      await user.type(percent, '50');
      await user.click(within(dialog).getByRole('button', { name: 'Add accommodation' }));
      await waitFor(() => expect(posts).toHaveLength(1));
      expect(posts[0]).toEqual({
        data: {
          student: null,
          batch: 'batch-1',
          extra_minutes: 15,
          extra_percent: 50,
          extra_attempts: 0,
          window_from: null,
          window_to: null,
          note: '',
        },
      });
      expect(await within(listed).findByText('Batch: Morning batch')).toBeInTheDocument();
      expect(within(listed).getByText('+15 min, +50% time')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'deletes one after the confirmation',
    async () => {
      const { deletes } = serveAccommodations([asha]);
      const listed = await openCard();
      await within(listed).findByText('Learner: Asha Rao');
      const user = userEvent.setup({ delay: null });
      await user.click(within(listed).getByRole('button', { name: 'Delete' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete accommodation' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(deletes).toEqual(['acc-1']));
      expect(await screen.findByText('No accommodations.')).toBeInTheDocument();
    },
    SLOW,
  );
});
