import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { batchRows, facultyUser, learner, paged } from './peopleFixtures';

const SLOW = 90000;

function serveBatches() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/batches-custom/paginated', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(paged(batchRows));
    }),
    http.get('*/api/courses', () => HttpResponse.json(paged([]))),
    http.get('*/api/faculties', () => HttpResponse.json(paged([]))),
  );
  return queries;
}

async function openBatches(user = adminUser, authorities = ['ROLE_ADMIN']) {
  renderApp({ path: '/batches', user, authorities });
  const table = await screen.findByRole('table', { name: 'Batches' }, { timeout: 15000 });
  await within(table).findByText('Morning 2026');
  return table;
}

describe('batches', () => {
  it(
    'creates a batch (end date checked) and edits one',
    async () => {
      const queries = serveBatches();
      const posts: unknown[] = [];
      const puts: unknown[] = [];
      server.use(
        http.post('*/api/batches', async ({ request }) => {
          posts.push(await request.json());
          return HttpResponse.json({ data: { documentId: 'batch-c' } }, { status: 201 });
        }),
        http.put('*/api/batches/batch-a', async ({ request }) => {
          puts.push(await request.json());
          return HttpResponse.json({ data: { documentId: 'batch-a' } });
        }),
      );
      await openBatches();
      const user = userEvent.setup({ delay: null });
      await user.type(screen.getByLabelText('Search batches'), 'morn');
      await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('morn'));

      await user.click(screen.getByRole('button', { name: 'New batch' }));
      const dialog = await screen.findByRole('dialog', { name: 'New batch' });
      await user.click(within(dialog).getByRole('button', { name: 'Save batch' }));
      expect(within(dialog).getByText('Batch name is required.')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText(/^Batch name/), 'Weekend 2027');
      await user.type(within(dialog).getByLabelText('Start date'), '2027-02-01');
      await user.type(within(dialog).getByLabelText('End date'), '2027-01-01');
      await user.click(within(dialog).getByRole('button', { name: 'Save batch' }));
      expect(
        within(dialog).getByText('The end date must be on or after the start date.'),
      ).toBeInTheDocument();
      expect(posts).toHaveLength(0);
      await user.clear(within(dialog).getByLabelText('End date'));
      await user.type(within(dialog).getByLabelText('End date'), '2027-06-30');
      await user.click(within(dialog).getByRole('button', { name: 'Save batch' }));
      await waitFor(() =>
        expect(posts).toEqual([
          {
            data: {
              Batch: 'Weekend 2027',
              batch_start_date: '2027-02-01',
              batch_end_date: '2027-06-30',
              courses: [],
              faculties: [],
            },
          },
        ]),
      );

      await user.click(await screen.findByRole('button', { name: 'Edit batch Morning 2026' }));
      const edit = await screen.findByRole('dialog', { name: 'Edit batch' });
      const name = within(edit).getByLabelText(/^Batch name/);
      await user.clear(name);
      await user.type(name, 'Morning A');
      await user.click(within(edit).getByRole('button', { name: 'Save batch' }));
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(puts[0]).toMatchObject({ data: { Batch: 'Morning A', batch_end_date: '2026-12-31' } });
    },
    SLOW,
  );

  it(
    "edits a batch's learners and saves them by a PUT of the students list",
    async () => {
      serveBatches();
      const puts: unknown[] = [];
      const searches: string[] = [];
      server.use(
        http.get('*/api/batches/batch-a', () =>
          HttpResponse.json({
            data: {
              documentId: 'batch-a',
              students: [
                { documentId: 'stu-1', StudentName: 'Learner 1' },
                { documentId: 'stu-2', StudentName: 'Learner 2' },
              ],
            },
          }),
        ),
        http.get('*/api/students-custom/paginated', ({ request }) => {
          searches.push(new URL(request.url).searchParams.get('search') ?? '');
          return HttpResponse.json(paged([learner(5, { StudentName: 'Zoya Khan' })]));
        }),
        http.put('*/api/batches/batch-a', async ({ request }) => {
          puts.push(await request.json());
          return HttpResponse.json({ data: { documentId: 'batch-a' } });
        }),
      );
      await openBatches();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Members of Morning 2026' }));
      const dialog = await screen.findByRole('dialog', { name: 'Learners of Morning 2026' });
      await user.click(await within(dialog).findByRole('button', { name: 'Remove Learner 1' }));
      await user.type(within(dialog).getByLabelText('Add learners'), 'zoya');
      await user.click(await screen.findByRole('option', { name: /Zoya Khan/ }));
      expect(searches).toContain('zoya');
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save members' }));
      await waitFor(() => expect(puts).toEqual([{ data: { students: ['stu-2', 'stu-5'] } }]));
    },
    SLOW,
  );

  it(
    'shows faculty their batches read-only',
    async () => {
      serveBatches();
      await openBatches(facultyUser, ['ROLE_FACULTY']);
      expect(screen.queryByRole('button', { name: 'New batch' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Edit batch Morning 2026' })).toBeNull();
    },
    SLOW,
  );
});
