// Idle sign-out (spec sections 4 and 9) as a pure reducer driven by a 1-second tick, so every rule
// can be tested without real time. react-idle-timer supplies the activity events (IdleWatcher).

/** Idle allowance: 15 minutes. */
export const IDLE_LIMIT_MS = 15 * 60 * 1000;
/** The warning opens when this much of the allowance or less remains: 2 minutes. */
export const WARNING_MS = 2 * 60 * 1000;
/** The warning's countdown starts here, in seconds. */
export const COUNTDOWN_S = 120;
/** Idle time is counted, and the countdown drops, in steps of this many milliseconds. */
export const TICK_MS = 1000;
/** What counts as activity: mouse movement, click (and tap), key press. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'click',
  'keydown',
  'touchstart',
] as const;

export type IdleSignOutReason = 'idle' | 'expired';

export interface IdleState {
  idleMs: number;
  warningOpen: boolean;
  countdownS: number;
  /** Set once: the watcher then signs the user out. */
  signOut: IdleSignOutReason | null;
}

export type IdleEvent =
  /** Mouse movement, click, key press, or "Stay signed in". */
  | { type: 'activity' }
  /** One step of idle time. */
  | {
      type: 'tick';
      now: number;
      expiresAt: number | null;
      videoPlaying: boolean;
      /** A test is being taken: like a playing video, no warning and no idle sign-out. */
      examInProgress?: boolean;
      /** The institute's idle allowance (issue 24); IDLE_LIMIT_MS unless set. */
      limitMs?: number;
    }
  /** The session-expiry timer fired: check the expiry only. */
  | { type: 'expiryCheck'; now: number; expiresAt: number | null };

export const initialIdleState: IdleState = {
  idleMs: 0,
  warningOpen: false,
  countdownS: COUNTDOWN_S,
  signOut: null,
};

function expired(now: number, expiresAt: number | null): boolean {
  return expiresAt !== null && now >= expiresAt;
}

const signedOut = (reason: IdleSignOutReason): IdleState => ({
  idleMs: 0,
  warningOpen: false,
  countdownS: 0,
  signOut: reason,
});

export function idleReducer(state: IdleState, event: IdleEvent): IdleState {
  if (state.signOut) return state;
  switch (event.type) {
    case 'activity':
      // Idle time back to zero, the warning hidden, the countdown back to 120 s.
      return state.idleMs === 0 && !state.warningOpen && state.countdownS === COUNTDOWN_S
        ? state
        : initialIdleState;
    case 'expiryCheck':
      return expired(event.now, event.expiresAt) ? signedOut('expired') : state;
    case 'tick': {
      // The session expiry signs out whatever else is going on, video included.
      if (expired(event.now, event.expiresAt)) return signedOut('expired');
      // A playing video, or a test being taken (a learner may think for 15 minutes), counts as
      // presence: no idle time, no warning, no idle sign-out.
      if (event.videoPlaying || event.examInProgress) {
        return idleReducer(state, { type: 'activity' });
      }
      const limitMs = event.limitMs ?? IDLE_LIMIT_MS;
      const idleMs = state.idleMs + TICK_MS;
      if (idleMs >= limitMs) return signedOut('idle');
      if (limitMs - idleMs > WARNING_MS) return { ...state, idleMs };
      if (!state.warningOpen) {
        return { idleMs, warningOpen: true, countdownS: COUNTDOWN_S, signOut: null };
      }
      const countdownS = state.countdownS - 1;
      if (countdownS <= 0) return signedOut('idle');
      return { idleMs, warningOpen: true, countdownS, signOut: null };
    }
    default:
      return state;
  }
}
