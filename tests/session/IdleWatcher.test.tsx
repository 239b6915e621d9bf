import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleWarningDialog } from '../../src/features/accounts/IdleWarningDialog';
import { startVideoPlayback } from '../../src/lib/videoPlayback';
import { adminUser, fakeJwt, signedInSession } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { makePersistor, makeStore } from '../../src/store/store';
import { App } from '../../src/app/App';
import { trackPersistor } from '../utils/persistors';
import { examDb } from '../../src/features/test-taking/examDb';
import { ATTEMPT_ID, learner, serveExam } from '../test-taking/examFixtures';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Signed in, on the Courses screen, with the idle watcher loaded. */
async function openSignedIn() {
  const view = renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });
  expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
  // The watcher is a lazy chunk: let it load and start its 1-second tick.
  await act(async () => {
    await import('../../src/features/accounts/IdleWatcher');
  });
  return view;
}

const warningText = (seconds: number) =>
  `You will be logged out in ${seconds} seconds due to inactivity.`;

beforeEach(() => {
  // Only the clock and the 1-second tick are faked: lazy screens, msw and IndexedDB run as usual.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('idle sign-out', () => {
  it('warns at 13 idle minutes with a 120-second countdown that drops each second', async () => {
    await openSignedIn();
    advance(13 * MINUTE - SECOND);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(SECOND);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(warningText(120));
    advance(SECOND);
    expect(dialog).toHaveTextContent(warningText(119));
    advance(9 * SECOND);
    expect(dialog).toHaveTextContent(warningText(110));
  });

  it('hides the warning and starts over on mouse movement, key press or click', async () => {
    await openSignedIn();
    advance(13 * MINUTE + 5 * SECOND);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    fireEvent.mouseMove(document, { clientX: 5, clientY: 5 });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The whole allowance again: no warning until 13 more idle minutes.
    advance(13 * MINUTE - SECOND);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(SECOND);
    expect(await screen.findByRole('dialog')).toHaveTextContent(warningText(120));

    advance(SECOND);
    fireEvent.keyDown(document.body, { key: 'a' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    advance(13 * MINUTE);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    advance(SECOND);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signs out and goes to sign-in when the countdown reaches zero', async () => {
    const { store } = await openSignedIn();
    advance(15 * MINUTE - SECOND);
    expect(await screen.findByRole('dialog')).toHaveTextContent(warningText(1));
    advance(SECOND);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('You were signed out because you were inactive for 15 minutes.'),
    ).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.userInfo).toBeNull();
  });

  it('neither warns nor signs out while a video plays, and counts again once it stops', async () => {
    const { store } = await openSignedIn();
    const stop = startVideoPlayback();
    try {
      advance(20 * MINUTE);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(store.getState().session.userInfo).not.toBeNull();
    } finally {
      stop();
    }
    advance(13 * MINUTE);
    expect(await screen.findByRole('dialog')).toHaveTextContent(warningText(120));
  });

  it('signs out when the session expiry passes, even while the person is active', async () => {
    const expiresInS = 30;
    const exp = Math.floor(Date.now() / 1000) + expiresInS;
    const session = {
      ...signedInSession(adminUser, ['ROLE_ADMIN']),
      token: fakeJwt(exp, adminUser.id),
      expiresAt: exp * 1000,
    };
    window.history.replaceState({}, '', '/course');
    const store = makeStore({ session });
    const persistor = trackPersistor(makePersistor(store));
    render(<App store={store} persistor={persistor} />);
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    await act(async () => {
      await import('../../src/features/accounts/IdleWatcher');
    });
    for (let second = 0; second < expiresInS - 5; second += 5) {
      advance(5 * SECOND);
      fireEvent.mouseMove(document, { clientX: second, clientY: 1 });
    }
    expect(store.getState().session.userInfo).not.toBeNull();
    advance(10 * SECOND);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByText('Your session has ended. Sign in again.')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
  });
});

describe('idle sign-out during a test', () => {
  it('neither warns nor signs out while a learner takes a test, and counts again after', async () => {
    await examDb.pendingAnswers.clear();
    serveExam({ expiresInMs: 3 * 60 * MINUTE });
    const { store } = renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
    expect(
      await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 }),
    ).toBeInTheDocument();
    await act(async () => {
      await import('../../src/features/accounts/IdleWatcher');
    });
    expect(store.getState().ui.isTestStarted).toBe(true);
    // Thinking for 20 minutes without touching anything.
    advance(20 * MINUTE);
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument();
    expect(store.getState().session.userInfo).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Question 1 of 5' })).toBeInTheDocument();
  });
});

describe('idle warning dialog', () => {
  it('cannot be closed with Escape or a click outside; only "Stay signed in" acts', () => {
    vi.useRealTimers();
    const onStay = vi.fn();
    render(<IdleWarningDialog open seconds={42} onStay={onStay} />);
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(warningText(42));

    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    if (backdrop) fireEvent.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onStay).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(onStay).toHaveBeenCalledTimes(1);
  });
});
