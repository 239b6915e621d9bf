import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_CHANGED_VISIBLE_MS } from '../../src/features/accounts/ChangePasswordCard';
import { server } from '../msw/server';
import { adminUser, fakeJwt, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { APPEARANCE_STORAGE_KEY } from '../../src/theme';

function strapiError(status: number, message: string) {
  return HttpResponse.json(
    { data: null, error: { status, name: 'ApplicationError', message } },
    { status },
  );
}

describe('forgot password', () => {
  async function ask(email: string) {
    renderApp({ path: '/auth/forgot-password' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  }

  it('sends the email with the visitor token and shows the same neutral confirmation', async () => {
    const calls: { body: unknown; authorization: string | null }[] = [];
    server.use(
      http.post('*/api/auth/forgot-password', async ({ request }) => {
        calls.push({
          body: await request.json(),
          authorization: request.headers.get('authorization'),
        });
        return HttpResponse.json({ ok: true });
      }),
    );
    await ask('nobody@example.test');
    expect(
      await screen.findByText(
        'If an account exists for that email, we have sent a link to reset the password.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      { body: { email: 'nobody@example.test' }, authorization: 'Bearer visitor-token-for-tests' },
    ]);
  });

  it("shows the server's message, e.g. when rate-limited", async () => {
    server.use(
      http.post('*/api/auth/forgot-password', () =>
        strapiError(429, 'Too many requests. Try again later.'),
      ),
    );
    await ask('asha@example.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again later.',
    );
  });

  it('falls back to "Something went wrong." when the failure carries no message', async () => {
    server.use(
      http.post('*/api/auth/forgot-password', () => new HttpResponse(null, { status: 500 })),
    );
    await ask('asha@example.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('sends nothing for an email of the wrong shape', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/auth/forgot-password', () => {
        calls += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    await ask('asha');
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls).toBe(0);
  });
});

describe('reset password', () => {
  async function reset(path: string, password = 'NewSecret@1', confirmation = password) {
    renderApp({ path });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), password);
    await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  it('sends the code and both passwords, then shows sign-in with a message', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    await reset('/auth/reset-password?code=abc123');
    expect(
      await screen.findByText('Your password has been changed. Sign in with the new one.'),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/login');
    expect(body).toEqual({
      code: 'abc123',
      password: 'NewSecret@1',
      passwordConfirmation: 'NewSecret@1',
    });
  });

  it("shows the server's message when the code is refused", async () => {
    server.use(
      http.post('*/api/auth/reset-password', () => strapiError(400, 'Incorrect code provided')),
    );
    await reset('/auth/reset-password?code=stale');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code provided');
  });

  it('falls back to "Failed to reset password."', async () => {
    server.use(
      http.post('*/api/auth/reset-password', () => new HttpResponse(null, { status: 500 })),
    );
    await reset('/auth/reset-password?code=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password.');
  });

  it('checks the new password before sending', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/auth/reset-password', () => {
        calls += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    await reset('/auth/reset-password?code=abc', 'LongEnough1', 'Different1');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('explains a link without a code and offers to ask for a new one', async () => {
    renderApp({ path: '/auth/reset-password' });
    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });
});

describe('change password (Settings)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function change(current = 'Old@12345', next = 'New@12345') {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), current);
    await user.type(screen.getByLabelText(/^New password/), next);
    await user.type(screen.getByLabelText(/^Confirm new password/), next);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    return user;
  }

  it('shows the server\'s message with "identifier" replaced by "email"', async () => {
    server.use(
      http.post('*/api/auth/change-password', () =>
        strapiError(400, 'Identifier or password invalid: identifier not found'),
      ),
    );
    const { store } = renderApp({
      path: '/settings',
      user: studentUser,
      authorities: ['ROLE_STUDENT'],
    });
    const oldJwt = store.getState().session.token;
    await change();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email or password invalid: email not found',
    );
    // A refused change keeps the session's token and shows no success.
    expect(store.getState().session.token).toBe(oldJwt);
    expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument();
  });

  it('sends the bearer JWT, keeps the new token and its expiry, shows success, then resets the flag', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const newExp = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
    const newJwt = fakeJwt(newExp, adminUser.id);
    const calls: { body: unknown; authorization: string | null }[] = [];
    server.use(
      http.post('*/api/auth/change-password', async ({ request }) => {
        calls.push({
          body: await request.json(),
          authorization: request.headers.get('authorization'),
        });
        return HttpResponse.json({
          jwt: newJwt,
          user: { id: adminUser.id, email: adminUser.email },
        });
      }),
    );
    const { store } = renderApp({
      path: '/settings',
      user: adminUser,
      authorities: ['ROLE_ADMIN'],
    });
    const oldJwt = store.getState().session.token;
    await change('Admin@12345', 'Admin@67890');

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        body: {
          currentPassword: 'Admin@12345',
          password: 'Admin@67890',
          passwordConfirmation: 'Admin@67890',
        },
        authorization: `Bearer ${oldJwt}`,
      },
    ]);
    const session = store.getState().session;
    expect(session.token).toBe(newJwt);
    expect(session.expiresAt).toBe(newExp * 1000);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');

    act(() => {
      vi.advanceTimersByTime(PASSWORD_CHANGED_VISIBLE_MS);
    });
    await waitFor(() =>
      expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument(),
    );
  });

  it('offers the appearance choices on the Settings page, applied at once and kept', async () => {
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const card = await screen.findByRole('region', { name: 'Appearance' });
    const mode = within(card).getByRole('group', { name: 'Theme mode' });
    await userEvent
      .setup({ delay: null })
      .click(within(mode).getByRole('button', { name: 'Dark' }));
    expect(within(mode).getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY) ?? '{}')).toMatchObject({
      activeMode: 'dark',
    });
  });
});
