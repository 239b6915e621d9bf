import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser, loginResponse, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in screen', () => {
  it('signs an administrator in, keeps the token and its expiry, and shows the layout', async () => {
    const exp = Math.floor(Date.now() / 1000) + 7200;
    let body: unknown = null;
    server.use(
      http.post('*/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(loginResponse(adminUser, 'ROLE_ADMIN', exp));
      }),
    );
    const { store } = renderApp({ path: '/auth/login' });
    await signIn('admin@demo.test', 'Admin@12345');

    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(body).toEqual({ email: 'admin@demo.test', password: 'Admin@12345' });
    const session = store.getState().session;
    expect(session.expiresAt).toBe(exp * 1000);
    expect(session.userInfo?.email).toBe('admin@demo.test');
    // The token is kept in the session slice only, not in the API cache as well.
    expect(JSON.stringify(store.getState().api.mutations)).not.toContain(session.token);
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('writes the session to the browser before leaving the sign-in screen', async () => {
    const exp = Math.floor(Date.now() / 1000) + 7200;
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(loginResponse(adminUser, 'ROLE_ADMIN', exp)),
      ),
    );
    const { persistor } = renderApp({ path: '/auth/login' });
    const flush = persistor.flush.bind(persistor);
    let release: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      release = resolve;
    });
    persistor.flush = async () => {
      await written;
      await flush();
    };
    try {
      await signIn('admin@demo.test', 'Admin@12345');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Signed in, but the write is not done: still on the sign-in screen.
      expect(screen.queryByRole('heading', { name: 'Courses' })).toBeNull();
    } finally {
      release();
    }
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
  });

  it('returns a visitor to the page they asked for after signing in', async () => {
    const exp = Math.floor(Date.now() / 1000) + 7200;
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(loginResponse(studentUser, 'ROLE_STUDENT', exp)),
      ),
    );
    renderApp({ path: '/notifications' });
    await signIn('student1@demo.test', 'Student@12345');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/notifications');
  });

  it('says "Invalid Email or Password" when the server refuses', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(
          {
            data: null,
            error: { status: 400, name: 'ValidationError', message: 'Invalid Email or Password' },
          },
          { status: 400 },
        ),
      ),
    );
    const { store } = renderApp({ path: '/auth/login' });
    await signIn('admin@demo.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Email or Password');
    expect(store.getState().session.userInfo).toBeNull();
    // What the person typed stays in the form.
    expect(screen.getByLabelText(/Email/)).toHaveValue('admin@demo.test');
  });

  it('tells a blocked account whom to ask, and stays signed out', async () => {
    const blocked = 'Your account is blocked. Ask your institute’s administrator to unblock it.';
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(
          { data: null, error: { status: 403, name: 'ForbiddenError', message: blocked } },
          { status: 403 },
        ),
      ),
    );
    const { store } = renderApp({ path: '/auth/login' });
    await signIn('student2@demo.test', 'Student@12345');
    expect(await screen.findByText(blocked)).toBeInTheDocument();
    expect(store.getState().session.userInfo).toBeNull();
  });

  it('sends nothing when the fields are empty', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/login', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    renderApp({ path: '/auth/login' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('signs out from the account menu and forgets the session', async () => {
    const { store } = renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByTestId('role-names')).toHaveTextContent('Admin');
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
  });
});
