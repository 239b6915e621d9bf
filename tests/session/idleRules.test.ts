import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_S,
  IDLE_LIMIT_MS,
  TICK_MS,
  WARNING_MS,
  idleReducer,
  initialIdleState,
  type IdleState,
} from '../../src/features/accounts/idleRules';

const NOW = 1_800_000_000_000;

function ticks(
  state: IdleState,
  count: number,
  {
    videoPlaying = false,
    examInProgress = false,
    expiresAt = null as number | null,
    startAt = NOW,
  } = {},
): IdleState {
  let next = state;
  for (let index = 0; index < count; index += 1) {
    next = idleReducer(next, {
      type: 'tick',
      now: startAt + index * TICK_MS,
      expiresAt,
      videoPlaying,
      examInProgress,
    });
  }
  return next;
}

const activity = (state: IdleState) => idleReducer(state, { type: 'activity' });

describe('idle rules', () => {
  it('has the constants of the spec', () => {
    expect(IDLE_LIMIT_MS).toBe(15 * 60 * 1000);
    expect(WARNING_MS).toBe(2 * 60 * 1000);
    expect(COUNTDOWN_S).toBe(120);
    expect(TICK_MS).toBe(1000);
  });

  it('counts idle time in 1-second steps', () => {
    expect(ticks(initialIdleState, 5).idleMs).toBe(5000);
  });

  it('opens the warning at 13 idle minutes with 120 seconds, then counts down each second', () => {
    const before = ticks(initialIdleState, 13 * 60 - 1);
    expect(before.warningOpen).toBe(false);
    const opened = ticks(before, 1);
    expect(opened).toMatchObject({ warningOpen: true, countdownS: 120, signOut: null });
    expect(ticks(opened, 1).countdownS).toBe(119);
    expect(ticks(opened, 30).countdownS).toBe(90);
  });

  it('resets idle time, hides the warning and resets the countdown on activity', () => {
    const warned = ticks(initialIdleState, 13 * 60 + 20);
    expect(warned).toMatchObject({ warningOpen: true, countdownS: 100 });
    const active = activity(warned);
    expect(active).toEqual({ idleMs: 0, warningOpen: false, countdownS: 120, signOut: null });
    // The whole allowance again.
    expect(ticks(active, 13 * 60 - 1).warningOpen).toBe(false);
  });

  it('signs out when the countdown reaches zero, at 15 idle minutes', () => {
    const almost = ticks(initialIdleState, 15 * 60 - 1);
    expect(almost).toMatchObject({ warningOpen: true, countdownS: 1, signOut: null });
    const out = ticks(almost, 1);
    expect(out).toMatchObject({ warningOpen: false, signOut: 'idle' });
    // Terminal: activity no longer matters.
    expect(activity(out).signOut).toBe('idle');
  });

  it('suppresses the warning and the sign-out while a video plays, and counts again after', () => {
    const watching = ticks(initialIdleState, 40 * 60, { videoPlaying: true });
    expect(watching).toEqual(initialIdleState);
    const warned = ticks(initialIdleState, 13 * 60 + 5);
    expect(ticks(warned, 1, { videoPlaying: true })).toMatchObject({
      warningOpen: false,
      signOut: null,
    });
    const resumed = ticks(watching, 13 * 60);
    expect(resumed).toMatchObject({ warningOpen: true, countdownS: 120 });
    expect(ticks(resumed, 120).signOut).toBe('idle');
  });

  it('suppresses the warning and the sign-out while a test is being taken', () => {
    const thinking = ticks(initialIdleState, 40 * 60, { examInProgress: true });
    expect(thinking).toEqual(initialIdleState);
    const expiresAt = NOW + 10 * TICK_MS;
    expect(
      idleReducer(thinking, {
        type: 'tick',
        now: expiresAt,
        expiresAt,
        videoPlaying: false,
        examInProgress: true,
      }).signOut,
    ).toBe('expired');
  });

  it('signs out when the session expiry has passed, even while active or watching a video', () => {
    const expiresAt = NOW + 10 * TICK_MS;
    let state = initialIdleState;
    for (let second = 0; second < 10; second += 1) {
      state = activity(
        idleReducer(state, {
          type: 'tick',
          now: NOW + second * TICK_MS,
          expiresAt,
          videoPlaying: false,
        }),
      );
      expect(state.signOut).toBeNull();
    }
    expect(
      idleReducer(state, { type: 'tick', now: expiresAt, expiresAt, videoPlaying: true }).signOut,
    ).toBe('expired');
    expect(
      idleReducer(state, { type: 'expiryCheck', now: expiresAt - 1, expiresAt }).signOut,
    ).toBeNull();
    expect(idleReducer(state, { type: 'expiryCheck', now: expiresAt, expiresAt }).signOut).toBe(
      'expired',
    );
  });

  it('never expires a session without an expiry', () => {
    expect(ticks(initialIdleState, 10, { expiresAt: null }).signOut).toBeNull();
  });
});

describe('the institute’s idle time-out (issue 24)', () => {
  it('signs out after the institute’s allowance, warning two minutes before', () => {
    const limitMs = 5 * 60 * 1000;
    let state = initialIdleState;
    const tick = () => {
      state = idleReducer(state, {
        type: 'tick',
        now: Date.now(),
        expiresAt: null,
        videoPlaying: false,
        limitMs,
      });
    };
    for (let i = 0; i < 179; i += 1) tick();
    expect(state.warningOpen).toBe(false);
    tick(); // 3 minutes idle: 2 left
    expect(state.warningOpen).toBe(true);
    for (let i = 0; i < 119; i += 1) tick();
    expect(state.signOut).toBeNull();
    tick(); // 5 minutes idle
    expect(state.signOut).toBe('idle');
  });
});
