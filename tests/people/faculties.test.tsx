import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Faculty } from '../../src/features/faculties/facultiesUrls';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { paged } from './peopleFixtures';

const SLOW = 90000;

const rahul: Faculty = {
  documentId: 'fac-1',
  FacultyName: 'Rahul Verma',
  faculty_email_id: 'rahul@demo.test',
  faculty_mobile_number: null,
  faculty_address: null,
  faculty_joining_date: null,
  batches: [{ documentId: 'batch-a', Batch: 'Morning 2026' }],
  courses: [],
  subjects: [],
};

function serveFaculties() {
  server.use(
    http.get('*/api/faculties', () => HttpResponse.json(paged([rahul]))),
    http.get('*/api/batches-custom/paginated', () => HttpResponse.json(paged([]))),
    http.get('*/api/subjects', () => HttpResponse.json(paged([]))),
  );
}

async function openFaculties() {
  renderApp({ path: '/faculties', user: adminUser, authorities: ['ROLE_ADMIN'] });
  const table = await screen.findByRole('table', { name: 'Faculties' }, { timeout: 15000 });
  await within(table).findByText('Rahul Verma');
  return table;
}

describe('faculties', () => {
  it(
    'creates a faculty member',
    async () => {
      serveFaculties();
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/faculties-custom', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ data: { ...rahul, documentId: 'fac-2' } }, { status: 201 });
        }),
      );
      await openFaculties();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'New faculty' }));
      const dialog = await screen.findByRole('dialog', { name: 'New faculty' });
      await user.type(within(dialog).getByLabelText(/^Name/), 'Priya Nair');
      await user.type(within(dialog).getByLabelText(/^Email/), 'priya@demo.test');
      await user.type(within(dialog).getByLabelText('Address'), 'Pune');
      await user.type(within(dialog).getByLabelText('Joining date'), '2026-04-01');
      await user.click(within(dialog).getByRole('button', { name: 'Save faculty' }));
      await waitFor(() =>
        expect(bodies).toEqual([
          {
            FacultyName: 'Priya Nair',
            faculty_email_id: 'priya@demo.test',
            faculty_address: 'Pune',
            faculty_joining_date: '2026-04-01',
            batches: [],
            courses: [],
            subjects: [],
          },
        ]),
      );
      expect(await screen.findByText('Faculty added.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows a faculty member's users with their avatar when editing",
    async () => {
      serveFaculties();
      server.use(
        http.get('*/api/faculties-custom/fac-1/users', () =>
          HttpResponse.json({
            data: [
              { id: 8, username: 'rahul', email: 'rahul@demo.test', avatar: { url: '/a.png' } },
            ],
          }),
        ),
      );
      await openFaculties();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Edit faculty Rahul Verma' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit faculty' });
      const users = await within(dialog).findByRole('region', { name: 'Users of Rahul Verma' });
      expect(await within(users).findByText('rahul (rahul@demo.test)')).toBeInTheDocument();
      expect(within(users).getByRole('img', { name: 'Avatar of rahul' })).toHaveAttribute(
        'src',
        '/a.png',
      );
      expect(within(dialog).getByText('Morning 2026')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'imports faculties and shows the message and skipped rows',
    async () => {
      serveFaculties();
      server.use(
        http.post('*/api/faculties-bulk', () =>
          HttpResponse.json({
            data: [rahul, rahul, rahul],
            skippedRecords: { 'Invalid email': [{ row: 3, name: 'Nobody', email: 'x' }] },
            message: '3 faculties added successfully',
          }),
        ),
      );
      await openFaculties();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Import faculties' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import faculties' });
      await user.upload(
        within(dialog).getByLabelText('Faculties spreadsheet'),
        new File(['x'], 'faculties.xlsx'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(await within(dialog).findByText('3 faculties added successfully')).toBeInTheDocument();
      const skipped = within(dialog).getByRole('region', { name: 'Skipped faculties' });
      expect(skipped).toHaveTextContent('Invalid email (1)');
      expect(skipped).toHaveTextContent('Nobody (row 3)');
    },
    SLOW,
  );
});
