import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserAccount } from '../../src/features/users/usersUrls';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { paged } from './peopleFixtures';

const SLOW = 90000;

function account(id: number, overrides: Partial<UserAccount> = {}): UserAccount {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@demo.test`,
    UserRole: 'Student',
    blocked: false,
    confirmed: true,
    role: { id: 5, name: 'Student', type: 'student' },
    avatar: null,
    ...overrides,
  };
}

function serveUsers() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/custom-users', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(paged([account(10), account(11, { blocked: true })]));
    }),
    http.get('*/api/users-permissions/roles', () =>
      HttpResponse.json({
        roles: [
          { id: 3, name: 'Administrator', type: 'administrator' },
          { id: 4, name: 'Faculty', type: 'faculty' },
          { id: 5, name: 'Student', type: 'student' },
          { id: 2, name: 'Public', type: 'public' },
          { id: 1, name: 'Authenticated', type: 'authenticated' },
        ],
      }),
    ),
  );
  return queries;
}

async function openUsers() {
  renderApp({ path: '/users', user: adminUser, authorities: ['ROLE_ADMIN'] });
  const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 15000 });
  await within(table).findByText('user10');
  return table;
}

describe('users', () => {
  it(
    'searches on the server and creates a user without a password',
    async () => {
      const queries = serveUsers();
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/custom-users', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json(
            { data: account(12), message: 'User Added Successfully' },
            { status: 201 },
          );
        }),
      );
      await openUsers();
      const user = userEvent.setup({ delay: null });
      await user.type(screen.getByLabelText('Search users'), 'faculty');
      await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('faculty'));

      await user.click(screen.getByRole('button', { name: 'New user' }));
      const dialog = await screen.findByRole('dialog', { name: 'New user' });
      expect(within(dialog).getByText(/gets an email to set their own password/)).toBeVisible();
      await user.type(within(dialog).getByLabelText(/^Username/), 'rahul');
      await user.type(within(dialog).getByLabelText(/^Email/), 'rahul@demo.test');
      const roleSelect = within(dialog).getByLabelText(/^Role/);
      await within(dialog).findByRole('option', { name: 'Faculty' });
      expect(within(dialog).queryByRole('option', { name: 'Public' })).toBeNull();
      expect(within(dialog).queryByRole('option', { name: 'Authenticated' })).toBeNull();
      await user.selectOptions(roleSelect, '4');
      await user.type(within(dialog).getByLabelText('User role label'), 'Faculty');
      await user.click(within(dialog).getByRole('button', { name: 'Save user' }));
      expect(await screen.findByText('User Added Successfully')).toBeInTheDocument();
      expect(bodies).toEqual([
        { username: 'rahul', email: 'rahul@demo.test', role: 4, UserRole: 'Faculty' },
      ]);
    },
    SLOW,
  );

  it(
    "shows the server's message when a user cannot be created",
    async () => {
      serveUsers();
      server.use(
        http.post('*/api/custom-users', () =>
          HttpResponse.json(
            {
              data: null,
              error: { status: 400, name: 'ApplicationError', message: 'Email is already taken.' },
            },
            { status: 400 },
          ),
        ),
      );
      await openUsers();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'New user' }));
      const dialog = await screen.findByRole('dialog', { name: 'New user' });
      await user.type(within(dialog).getByLabelText(/^Username/), 'rahul');
      await user.type(within(dialog).getByLabelText(/^Email/), 'user10@demo.test');
      await within(dialog).findByRole('option', { name: 'Student' });
      await user.selectOptions(within(dialog).getByLabelText(/^Role/), '5');
      await user.click(within(dialog).getByRole('button', { name: 'Save user' }));
      expect(await within(dialog).findByText('Email is already taken.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Username/)).toHaveValue('rahul');
    },
    SLOW,
  );

  it(
    'blocks and unblocks accounts',
    async () => {
      serveUsers();
      const puts: Array<{ id: string; body: unknown }> = [];
      server.use(
        http.put('*/api/custom-users/:id', async ({ request, params }) => {
          puts.push({ id: String(params.id), body: await request.json() });
          return HttpResponse.json({ data: account(Number(params.id)) });
        }),
      );
      await openUsers();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Block user10' }));
      await waitFor(() => expect(puts).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Unblock user11' }));
      await waitFor(() =>
        expect(puts).toEqual([
          { id: '10', body: { blocked: true } },
          { id: '11', body: { blocked: false } },
        ]),
      );
    },
    SLOW,
  );
  it(
    'imports users and uploads an avatar (images only) in the edit dialog',
    async () => {
      serveUsers();
      const avatars: string[] = [];
      server.use(
        http.post('*/api/users-bulk', () =>
          HttpResponse.json({
            data: [account(20)],
            skippedRecords: {},
            message: '1 Users imported Successfully',
          }),
        ),
        http.put('*/api/custom-users/:id/avatar', async ({ request, params }) => {
          const form = await request.formData();
          avatars.push(`${String(params.id)}:${form.has('files') ? 'file' : 'none'}`);
          return HttpResponse.json({ data: account(10, { avatar: { url: '/new.png' } }) });
        }),
      );
      await openUsers();
      const user = userEvent.setup({ delay: null, applyAccept: false });
      await user.click(screen.getByRole('button', { name: 'Import users' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import users' });
      await user.upload(
        within(dialog).getByLabelText('Users spreadsheet'),
        new File(['x'], 'u.xlsx'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(await within(dialog).findByText('1 Users imported Successfully')).toBeInTheDocument();
      expect(within(dialog).queryByRole('region', { name: 'Skipped users' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));

      await user.click(screen.getByRole('button', { name: 'Edit user user10' }));
      const edit = await screen.findByRole('dialog', { name: 'Edit user' });
      await user.upload(
        within(edit).getByLabelText('Avatar'),
        new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      );
      expect(
        await within(edit).findByText('Choose a PNG, JPEG or WebP image.'),
      ).toBeInTheDocument();
      expect(avatars).toHaveLength(0);
      await user.upload(
        within(edit).getByLabelText('Avatar'),
        new File(['png'], 'me.png', { type: 'image/png' }),
      );
      await waitFor(() => expect(avatars).toEqual(['10:file']));
      await waitFor(() =>
        expect(within(edit).getByRole('img', { name: 'Avatar of user10' })).toHaveAttribute(
          'src',
          '/new.png',
        ),
      );
    },
    SLOW,
  );
});
