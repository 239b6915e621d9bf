import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { batchRows, facultyUser, learner, paged } from './peopleFixtures';

const SLOW = 90000;

function serveLearners() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/students-custom/paginated', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('page') ?? 1);
      const search = params.get('search');
      if (search) return HttpResponse.json(paged([learner(7, { StudentName: 'Asha Rao' })]));
      const items = Array.from({ length: page === 1 ? 25 : 5 }, (_u, i) =>
        learner((page - 1) * 25 + i + 1),
      );
      return HttpResponse.json(paged(items, page, 25, 30));
    }),
    http.get('*/api/batches-custom/paginated', () => HttpResponse.json(paged(batchRows))),
  );
  return queries;
}

async function openLearners(user = adminUser, authorities = ['ROLE_ADMIN']) {
  renderApp({ path: '/learners', user, authorities });
  const table = await screen.findByRole('table', { name: 'Learners' }, { timeout: 15000 });
  await within(table).findByText('Learner 1');
  return table;
}

afterEach(() => vi.restoreAllMocks());

describe('learners', () => {
  it(
    'lists, pages and searches on the server',
    async () => {
      const queries = serveLearners();
      const table = await openLearners();
      expect(queries[0]?.get('pageSize')).toBe('25');
      expect(queries[0]?.get('page')).toBe('1');
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await within(table).findByText('Learner 26')).toBeInTheDocument();
      expect(queries.at(-1)?.get('page')).toBe('2');
      await user.type(screen.getByLabelText('Search learners'), 'asha');
      expect(await within(table).findByText('Asha Rao')).toBeInTheDocument();
      const searched = queries.filter((q) => q.has('search'));
      expect(searched).toHaveLength(1);
      expect(searched[0]?.get('search')).toBe('asha');
      expect(searched[0]?.get('page')).toBe('1');
    },
    SLOW,
  );

  it(
    'validates a new learner, keeps what was typed on a server error, then posts the payload',
    async () => {
      serveLearners();
      const bodies: unknown[] = [];
      let fail = true;
      server.use(
        http.post('*/api/students-custom', async ({ request }) => {
          bodies.push(await request.json());
          if (fail) {
            fail = false;
            return HttpResponse.json(
              {
                data: null,
                error: {
                  status: 400,
                  name: 'ValidationError',
                  message: 'This email is already registered.',
                },
              },
              { status: 400 },
            );
          }
          return HttpResponse.json({ data: learner(99) }, { status: 201 });
        }),
      );
      await openLearners();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'New learner' }));
      const dialog = await screen.findByRole('dialog', { name: 'New learner' });
      await user.click(within(dialog).getByRole('button', { name: 'Save learner' }));
      expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
      expect(within(dialog).getByText('A valid email is required.')).toBeInTheDocument();
      expect(bodies).toHaveLength(0);

      await user.type(within(dialog).getByLabelText(/^Name/), 'Meera Iyer');
      await user.type(within(dialog).getByLabelText(/^Email/), 'meera@demo.test');
      await user.type(within(dialog).getByLabelText('Mobile number'), '12345');
      await user.click(within(dialog).getByRole('button', { name: 'Save learner' }));
      expect(within(dialog).getByText('The mobile number must be 10 digits.')).toBeInTheDocument();
      await user.clear(within(dialog).getByLabelText('Mobile number'));
      await user.type(within(dialog).getByLabelText('Mobile number'), '+91 98765 43210');
      await user.type(within(dialog).getByLabelText('Roll number'), 'R-12');
      await user.click(within(dialog).getByRole('button', { name: 'Save learner' }));
      expect(
        await within(dialog).findByText('This email is already registered.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Meera Iyer');

      await user.click(within(dialog).getByRole('button', { name: 'Save learner' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New learner' })).toBeNull());
      expect(bodies[1]).toEqual({
        StudentName: 'Meera Iyer',
        student_email: 'meera@demo.test',
        student_mobile_number: '+91 98765 43210',
        Roll_Number: 'R-12',
        batches: [],
      });
    },
    SLOW,
  );

  it(
    'deletes the selected learners after confirmation',
    async () => {
      serveLearners();
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/students-custom/delete', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({
            data: { deleted: 2 },
            message: 'Deleted learner(s) successfully',
          });
        }),
      );
      await openLearners();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('checkbox', { name: 'Select Learner 1' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select Learner 2' }));
      await user.click(screen.getByRole('button', { name: 'Delete selected' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete learners?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Deleted learner(s) successfully')).toBeInTheDocument();
      expect(bodies).toEqual([{ documentIds: ['stu-1', 'stu-2'] }]);
    },
    SLOW,
  );

  it(
    'imports a spreadsheet and lists the skipped records by reason',
    async () => {
      serveLearners();
      let posted = 0;
      let fileName: string | null = null;
      server.use(
        http.post('*/api/learners-bulk', async ({ request }) => {
          posted += 1;
          const form = await request.formData();
          const file = form.get('file');
          fileName = typeof file === 'string' || file === null ? null : file.name;
          return HttpResponse.json({
            data: [learner(40), learner(41)],
            skippedRecords: {
              'Duplicate email in the file': [
                { row: 4, name: 'Ravi', email: 'r@x.in' },
                { row: 6, name: 'Ravi K', email: 'r@x.in' },
              ],
              'Missing name': [{ row: 5, name: '', email: 'n@x.in' }],
            },
            message: '2 learner(s) imported successfully',
          });
        }),
      );
      await openLearners();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Import learners' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import learners' });
      expect(within(dialog).getByRole('link', { name: 'Download the template' })).toHaveAttribute(
        'href',
        '/uploads/templates/learners-template.xlsx',
      );
      const importButton = within(dialog).getByRole('button', { name: 'Import' });
      expect(importButton).toBeDisabled();
      await userEvent.setup({ delay: null, pointerEventsCheck: 0 }).click(importButton);
      expect(posted).toBe(0);

      const file = new File(['xlsx'], 'learners.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      await user.upload(within(dialog).getByLabelText('Learners spreadsheet'), file);
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(
        await within(dialog).findByText('2 learner(s) imported successfully'),
      ).toBeInTheDocument();
      expect(posted).toBe(1);
      expect(fileName).not.toBeNull();
      const skipped = within(dialog).getByRole('region', { name: 'Skipped learners' });
      const items = within(skipped).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Duplicate email in the file (2)');
      expect(items[0]).toHaveTextContent('Ravi (row 4), Ravi K (row 6)');
      expect(items[1]).toHaveTextContent('Missing name (1)');
    },
    SLOW,
  );

  it(
    'downloads the import template without credentials',
    async () => {
      serveLearners();
      const asked: Array<string | null> = [];
      server.use(
        http.get('*/uploads/templates/learners-template.xlsx', ({ request }) => {
          asked.push(request.headers.get('Authorization'));
          return new HttpResponse(new Blob(['xlsx']));
        }),
      );
      const create = vi.fn(() => 'blob:template');
      Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      await openLearners();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Import learners' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import learners' });
      await user.click(within(dialog).getByRole('link', { name: 'Download the template' }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(asked).toEqual([null]);
      const saved = click.mock.instances.at(-1) as unknown as HTMLAnchorElement;
      expect(saved.download).toBe('learners-template.xlsx');
    },
    SLOW,
  );

  it(
    'refuses to move or remove without a batch filter, and moves from the chosen batch',
    async () => {
      serveLearners();
      const moves: unknown[] = [];
      const removals: unknown[] = [];
      server.use(
        http.post('*/api/batches-custom/move', async ({ request }) => {
          moves.push(await request.json());
          return HttpResponse.json({ data: { moved: 1 } });
        }),
        http.post('*/api/batches-custom/remove', async ({ request }) => {
          removals.push(await request.json());
          return HttpResponse.json({ data: { removed: 1 } });
        }),
      );
      await openLearners();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('checkbox', { name: 'Select Learner 3' }));
      await user.click(screen.getByRole('button', { name: 'Move to batch' }));
      expect(await screen.findByText('Selected batch ID is undefined or null')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove from batch' }));
      expect(moves).toHaveLength(0);
      expect(removals).toHaveLength(0);
      expect(screen.queryByRole('dialog', { name: 'Move to batch' })).toBeNull();

      await user.selectOptions(screen.getByLabelText('Batch'), 'batch-a');
      await within(screen.getByRole('table', { name: 'Learners' })).findByText('Learner 3');
      await user.click(screen.getByRole('checkbox', { name: 'Select Learner 3' }));
      await user.click(screen.getByRole('button', { name: 'Move to batch' }));
      const dialog = await screen.findByRole('dialog', { name: 'Move to batch' });
      await user.selectOptions(within(dialog).getByLabelText(/To batch/), 'batch-b');
      await user.click(within(dialog).getByRole('button', { name: 'Move' }));
      await waitFor(() =>
        expect(moves).toEqual([
          { fromBatchId: 'batch-a', toBatchId: 'batch-b', studentIds: ['stu-3'] },
        ]),
      );
    },
    SLOW,
  );

  it(
    'adds the selected learners to a batch: current members read first, then the union saved',
    async () => {
      serveLearners();
      const puts: unknown[] = [];
      server.use(
        http.get('*/api/batches/batch-b', () =>
          HttpResponse.json({
            data: { documentId: 'batch-b', students: [{ documentId: 'stu-9', StudentName: 'X' }] },
          }),
        ),
        http.put('*/api/batches/batch-b', async ({ request }) => {
          puts.push(await request.json());
          return HttpResponse.json({ data: { documentId: 'batch-b' } });
        }),
      );
      await openLearners();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('checkbox', { name: 'Select Learner 1' }));
      await user.click(screen.getByRole('button', { name: 'Add to batch' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add to batch' });
      await user.selectOptions(within(dialog).getByLabelText(/Batch/), 'batch-b');
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(puts).toEqual([{ data: { students: ['stu-9', 'stu-1'] } }]));
    },
    SLOW,
  );

  it(
    'exports the current search as students.xlsx and releases the link later',
    async () => {
      serveLearners();
      const exports: URLSearchParams[] = [];
      server.use(
        http.get('*/api/learners-export', ({ request }) => {
          exports.push(new URL(request.url).searchParams);
          return new HttpResponse(new Blob(['xlsx']), {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
          });
        }),
      );
      const create = vi.fn(() => 'blob:students');
      const revoke = vi.fn();
      Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const timeouts = vi.spyOn(window, 'setTimeout');
      await openLearners();
      const user = userEvent.setup({ delay: null });
      await user.selectOptions(screen.getByLabelText('Batch'), 'batch-a');
      await user.click(screen.getByRole('button', { name: 'Export learners' }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(exports[0]?.get('batchId')).toBe('batch-a');
      const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
      expect(link.download).toBe('students.xlsx');
      expect(timeouts.mock.calls.some(([, ms]) => ms === 40000)).toBe(true);
    },
    SLOW,
  );

  it(
    'shows faculty the list read-only',
    async () => {
      serveLearners();
      await openLearners(facultyUser, ['ROLE_FACULTY']);
      expect(screen.queryByRole('button', { name: 'New learner' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Import learners' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
      expect(screen.queryByRole('checkbox', { name: 'Select Learner 1' })).toBeNull();
    },
    SLOW,
  );
});
