// Watches a signed-in person's activity and signs them out after the institute's idle time-out (15
// minutes unless set; a 2-minute warning) or when the session expires (spec section 4). Mounted, lazily, around every
// signed-in route; the rules themselves are the pure reducer in idleRules.ts.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { isExamPath } from '../../lib/paths';
import { useSignOut } from '../../session/useSignOut';
import { isVideoPlaying } from '../../lib/videoPlayback';
import { ACTIVITY_EVENTS, TICK_MS, idleReducer, initialIdleState } from './idleRules';
import { IdleWarningDialog } from './IdleWarningDialog';
import { useInstitute } from '../settings';
import { selectExpiresAt } from '../../session/sessionSlice';
import { selectIsTestStarted } from '../../store/uiSlice';

/** setTimeout's largest delay; a later expiry is caught by the next timer or by the tick. */
const MAX_TIMER_MS = 2_147_483_647;

export function IdleWatcher() {
  const expiresAt = useAppSelector(selectExpiresAt);
  // The institute's idle time-out (issue 24; 15 minutes unless an administrator set another).
  const limitMs = useInstitute().idleMinutes * 60_000;
  const signOut = useSignOut();
  const [state, dispatch] = useReducer(idleReducer, initialIdleState);
  const signingOut = useRef(false);
  const { pathname } = useLocation();
  const testStarted = useAppSelector(selectIsTestStarted);
  // Read by the tick without restarting it.
  const examInProgress = useRef(false);
  useEffect(() => {
    examInProgress.current = testStarted && isExamPath(pathname);
  }, [testStarted, pathname]);

  const onActivity = useCallback(() => dispatch({ type: 'activity' }), []);

  // react-idle-timer reports the activity events; the reducer counts idle time itself.
  useIdleTimer({
    timeout: limitMs,
    events: [...ACTIVITY_EVENTS],
    onAction: onActivity,
    eventsThrottle: 200,
  });

  // Idle time in 1-second steps; each step also checks the session expiry and video playback.
  useEffect(() => {
    const id = setInterval(() => {
      dispatch({
        type: 'tick',
        now: Date.now(),
        expiresAt,
        videoPlaying: isVideoPlaying(),
        examInProgress: examInProgress.current,
        limitMs,
      });
    }, TICK_MS);
    return () => clearInterval(id);
  }, [expiresAt, limitMs]);

  // A timer set to the session expiry itself.
  useEffect(() => {
    if (expiresAt === null) return undefined;
    const delay = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS);
    const id = setTimeout(() => {
      dispatch({ type: 'expiryCheck', now: Date.now(), expiresAt });
    }, delay);
    return () => clearTimeout(id);
  }, [expiresAt]);

  useEffect(() => {
    if (!state.signOut || signingOut.current) return;
    signingOut.current = true;
    void signOut(state.signOut);
  }, [state.signOut, signOut]);

  return (
    <IdleWarningDialog open={state.warningOpen} seconds={state.countdownS} onStay={onActivity} />
  );
}
