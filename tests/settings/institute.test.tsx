// Issue 24: the institute's settings. An administrator changes them in Settings (a refused save
// keeps what was typed, with each field's problem); a signed-out visitor sees the name and logo on
// the sign-in page; closed registration hides the way in.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { adminUser, studentUser } from '../utils/fixtures';

const WAIT = { timeout: 15000 };

const institute = (changes: Record<string, unknown> = {}) => ({
  name: 'Sunrise Academy',
  primaryColour: '#0b5394',
  defaultTimeZone: 'Asia/Kolkata',
  idleMinutes: 15,
  registrationOpen: true,
  supportContact: 'help@sunrise.test',
  logo: { id: 7, url: '/uploads/sunrise.png', mime: 'image/png' },
  favicon: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'admin@demo.test',
  ...changes,
});

describe('institute settings', () => {
  it('a signed-out visitor sees the institute on the sign-in page; closed registration hides Register', async () => {
    server.use(
      http.get('*/api/institute', () =>
        HttpResponse.json({ data: institute({ registrationOpen: false }) }),
      ),
    );
    renderApp({ path: '/auth/login' });
    expect(await screen.findByText('Sunrise Academy', {}, WAIT)).toBeInTheDocument();
    expect(document.querySelector('img[src="/uploads/sunrise.png"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'New learner? Register' })).toBeNull();
    expect(document.title).toBe('Sunrise Academy');
  });

  it('the register page says registration is closed instead of a form', async () => {
    server.use(
      http.get('*/api/institute', () =>
        HttpResponse.json({ data: institute({ registrationOpen: false }) }),
      ),
    );
    renderApp({ path: '/auth/register' });
    expect(
      await screen.findByText(
        /Registration is closed. Ask your institute for an account./,
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  it('an administrator saves; a refused save keeps the draft and names the field', async () => {
    let stored = institute();
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/institute', () => HttpResponse.json({ data: stored })),
      http.put('*/api/institute', async ({ request }) => {
        const body = (await request.json()) as { data: Record<string, unknown> };
        sent.push(body.data);
        if (body.data.idleMinutes === 1) {
          const message = 'The idle time-out must be a whole number of minutes from 5 to 240.';
          return HttpResponse.json(
            {
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message,
                details: { fields: { idleMinutes: message } },
              },
            },
            { status: 400 },
          );
        }
        stored = { ...stored, ...body.data };
        return HttpResponse.json({ data: stored });
      }),
    );
    renderApp({ path: '/settings', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const card = await screen.findByRole('region', { name: 'Institute' }, WAIT);
    expect(within(card).getByText(/Last changed .* by admin@demo.test/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    const name = within(card).getByLabelText(/Institute name/);
    await user.clear(name);
    await user.type(name, 'Sunrise Public School');
    const idle = within(card).getByLabelText('Idle time-out (minutes)');
    await user.clear(idle);
    await user.type(idle, '1');
    await user.click(within(card).getByRole('button', { name: 'Save institute settings' }));
    expect(
      await within(card).findAllByText(
        'The idle time-out must be a whole number of minutes from 5 to 240.',
        {},
        WAIT,
      ),
    ).not.toHaveLength(0);
    expect(within(card).getByLabelText(/Institute name/)).toHaveValue('Sunrise Public School');
    await user.clear(idle);
    await user.type(idle, '20');
    await user.click(within(card).getByRole('button', { name: 'Save institute settings' }));
    expect(
      await within(card).findByText('The institute’s settings are saved.', {}, WAIT),
    ).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ name: 'Sunrise Public School', idleMinutes: 20 });
  });
});

describe('sessions', () => {
  it('signs out every other device after a confirmation and keeps this one with the new token', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/sessions/end-others', () => {
        calls += 1;
        return HttpResponse.json({
          jwt: 'fresh.jwt.token',
          signedOutAt: '2026-11-27T07:00:00.000Z',
        });
      }),
    );
    const { store } = renderApp({
      path: '/settings',
      user: adminUser,
      authorities: ['ROLE_ADMIN'],
    });
    const card = await screen.findByRole('region', { name: 'Sessions' }, WAIT);
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole('button', { name: 'Sign out of every other device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of every other device?' });
    expect(calls).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out elsewhere' }));
    expect(
      await within(card).findByText(/Every other device was signed out at/, {}, WAIT),
    ).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(store.getState().session.token).toBe('fresh.jwt.token');
  });
});

describe('profile', () => {
  it('a learner changes their name and mobile; a refusal keeps what was typed', async () => {
    const sent: unknown[] = [];
    let stored = {
      name: 'Asha Rao',
      email: 'asha@demo.test',
      mobile: '9876543210',
      role: 'student',
      hasMobile: true,
      avatarUrl: null,
    };
    server.use(
      http.get('*/api/profile', () => HttpResponse.json({ data: stored })),
      http.put('*/api/profile', async ({ request }) => {
        const body = (await request.json()) as { data: { name: string; mobile: string } };
        sent.push(body.data);
        if (body.data.mobile === '12') {
          return HttpResponse.json(
            {
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: 'The mobile number must be 10 digits.',
              },
            },
            { status: 400 },
          );
        }
        stored = { ...stored, ...body.data };
        return HttpResponse.json({ data: stored });
      }),
    );
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const card = await screen.findByRole('region', { name: 'Profile' }, WAIT);
    expect(within(card).getByText(/asha@demo.test/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    const name = within(card).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Asha R. Rao');
    const mobile = within(card).getByLabelText('Mobile number');
    await user.clear(mobile);
    await user.type(mobile, '12');
    await user.click(within(card).getByRole('button', { name: 'Save profile' }));
    expect(
      await within(card).findByText('The mobile number must be 10 digits.', {}, WAIT),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText(/^Name/)).toHaveValue('Asha R. Rao');
    await user.clear(mobile);
    await user.type(mobile, '9123456780');
    await user.click(within(card).getByRole('button', { name: 'Save profile' }));
    expect(await within(card).findByText('Your profile is saved.', {}, WAIT)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ name: 'Asha R. Rao', mobile: '9123456780' });
  });
});
