// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: happy-dom keeps a cookie that sign-out expires (docs/decisions.md, "CI time").
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { persistStorage } from '../../src/store/store';
import { diagnosticsEndpoints } from '../../src/features/diagnostics/diagnosticsEndpoints';
import { examDb } from '../../src/features/test-taking/examDb';
import { selectionChanged } from '../../src/store/uiSlice';
import {
  clearDiagnosticLogs,
  logsWritten,
  readDiagnosticLogs,
  recordConsoleLog,
} from '../../src/lib/diagnosticLogs';
import { APPEARANCE_STORAGE_KEY } from '../../src/theme/appearance';
import { server } from '../msw/server';
import { adminUser, fakeJwt, loginResponse } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';

const darkAppearance = JSON.stringify({
  activeMode: 'dark',
  activeDir: 'ltr',
  activeTheme: 'GREEN_THEME',
  borderRadius: 7,
});

/** The signed-in user kept by redux-persist, if any. */
async function storedUser(): Promise<unknown> {
  const raw = await persistStorage.getItem<string>('persist:auth');
  if (raw === null) return null;
  const fields = JSON.parse(raw) as Record<string, string>;
  return fields.userInfo === undefined ? null : (JSON.parse(fields.userInfo) as unknown);
}

/** What redux-persist writes for the auth key: every field JSON-encoded on its own. */
async function storeAuth(exp: number) {
  const fields = {
    token: fakeJwt(exp, adminUser.id),
    expiresAt: exp * 1000,
    userInfo: adminUser,
    authorities: ['ROLE_ADMIN'],
    _persist: { version: -1, rehydrated: true },
  };
  const encoded = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)]),
  );
  await persistStorage.setItem('persist:auth', JSON.stringify(encoded));
}

function fillBrowserStorage() {
  window.history.replaceState({}, '', '/course');
  localStorage.setItem(APPEARANCE_STORAGE_KEY, darkAppearance);
  localStorage.setItem('draft-answers', '[1,2,3]');
  sessionStorage.setItem('tab-state', 'x');
  document.cookie = 'portal_hint=1';
  document.cookie = 'course_tab=2; path=/course';
}

describe('sign-out', () => {
  it('forgets token, user, state, local storage (but appearance), session storage, cookies and logs', async () => {
    await clearDiagnosticLogs();
    fillBrowserStorage();
    expect(document.cookie).toContain('course_tab=2');
    recordConsoleLog({ level: 'warn', message: 'kept until sign-out', timestamp: 't' });
    await logsWritten();
    // An answer of a test not yet confirmed by the server (the exam outbox).
    const unsent = {
      attemptId: 'attempt-1',
      answerId: 'ans-1',
      selected_answer: 'b' as const,
      mark_as_important: false,
      revision: 7,
      queuedAt: 7,
    };
    await examDb.pendingAnswers.put(unsent);

    const { store } = renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });
    store.dispatch(selectionChanged({ key: 'course', id: 'c1' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/auth/login'));
    const { session, ui } = store.getState();
    expect(session.token).toBeNull();
    expect(session.userInfo).toBeNull();
    expect(session.expiresAt).toBeNull();
    expect(ui.selected.course).toBeNull();

    expect(Object.keys(localStorage)).toEqual([APPEARANCE_STORAGE_KEY]);
    expect(localStorage.getItem(APPEARANCE_STORAGE_KEY)).toBe(darkAppearance);
    expect(sessionStorage).toHaveLength(0);
    window.history.replaceState({}, '', '/course');
    expect(document.cookie).toBe('');
    const logs = await readDiagnosticLogs();
    expect(logs.console).toEqual([]);
    // Only what the signed-out sign-in page read since: the institute's name and look (issue 24).
    expect(logs.network.filter((entry) => entry.url !== '/api/institute')).toEqual([]);
    await waitFor(async () => expect(await storedUser()).toBeNull());
    // Unsent answers stay, to be sent when the learner signs in again and resumes.
    expect(await examDb.pendingAnswers.get('ans-1')).toEqual(unsent);
    await examDb.pendingAnswers.clear();
  });

  it("forgets the server data the signed-out user's screens had loaded (the API cache)", async () => {
    server.use(
      http.get('*/api/logs', () =>
        HttpResponse.json({
          data: [
            { id: 1, documentId: 'log-1', users_permissions_user: { email: 'kept@demo.test' } },
          ],
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
        }),
      ),
    );
    const { store } = renderApp({
      path: '/diagnostics',
      user: adminUser,
      authorities: ['ROLE_ADMIN'],
    });
    expect(await screen.findByText('kept@demo.test')).toBeInTheDocument();
    const uploadedLogs = diagnosticsEndpoints.endpoints.uploadedLogs.select(1);
    expect(uploadedLogs(store.getState()).data?.data).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();

    expect(uploadedLogs(store.getState()).data).toBeUndefined();
    // Nothing of the user's is cached; the sign-in page has read the institute's settings again.
    expect(
      Object.keys(store.getState().api.queries).filter((key) => !key.startsWith('institute(')),
    ).toEqual([]);
  });

  it('signs out a stored session whose expiry passed while the app was closed', async () => {
    await storeAuth(Math.floor(Date.now() / 1000) - 60);
    localStorage.setItem('draft-answers', '[1]');
    const { store } = renderApp({ path: '/course' });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(store.getState().session.userInfo).toBeNull();
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('draft-answers')).toBeNull();
    await waitFor(async () => expect(await storedUser()).toBeNull());
  });

  it('keeps a stored session that has not expired', async () => {
    await storeAuth(Math.floor(Date.now() / 1000) + 3600);
    const { store } = renderApp({ path: '/course' });
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(store.getState().session.userInfo?.email).toBe(adminUser.email);
  });

  it('persists a new sign-in made after a sign-out in the same tab', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(loginResponse(adminUser, 'ROLE_ADMIN', exp)),
      ),
    );
    const { persistor } = renderApp({
      path: '/course',
      user: adminUser,
      authorities: ['ROLE_ADMIN'],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await user.type(await screen.findByLabelText(/Email/), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Admin@12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();

    await persistor.flush();
    expect(await storedUser()).toMatchObject({ email: adminUser.email });
  });
});
