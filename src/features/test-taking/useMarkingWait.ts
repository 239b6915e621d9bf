// Waiting for the result after a submit (issue 25, the submit split). When many learners submit
// together the server closes each attempt at once (no answer is lost or changed after that) and
// may answer 202 "marking" with when to ask again. The player then shows "Marking your answers…"
// and submits again after the server's retryAfterMs (a repeated submit is safe: it changes nothing
// and answers the one result) until the result comes; then it opens the result page. After
// MARKING_PATIENCE_MS it stops asking and says the result will appear in the learner's tests.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../store/hooks';
import { examPaths } from '../../lib/paths';
import { examEndpoints } from './examEndpoints';

export const MARKING_PATIENCE_MS = 180_000;
/** The bounds of the wait between two asks, whatever the server says (ms). */
const MIN_ASK_MS = 1_000;
const MAX_ASK_MS = 15_000;
/** After a failed ask (offline, a server restart): ask again in this long. */
const FAILED_ASK_MS = 5_000;

export type MarkingWait = 'idle' | 'waiting' | 'late';

const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.min(MAX_ASK_MS, Math.max(MIN_ASK_MS, ms))));

export function useMarkingWait(attemptId: string): {
  marking: MarkingWait;
  waitForResult: (retryAfterMs: number) => void;
} {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [marking, setMarking] = useState<MarkingWait>('idle');
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const waitForResult = useCallback(
    (retryAfterMs: number) => {
      if (running.current) return;
      running.current = true;
      setMarking('waiting');
      const started = Date.now();
      const ask = async (delay: number): Promise<void> => {
        await pause(delay);
        if (!mounted.current) return;
        if (Date.now() - started > MARKING_PATIENCE_MS) {
          setMarking('late');
          return;
        }
        let next = FAILED_ASK_MS;
        try {
          const outcome = await dispatch(
            examEndpoints.endpoints.submitAttempt.initiate(
              { attemptId, events: [] },
              { track: false },
            ),
          ).unwrap();
          if ('result' in outcome) {
            if (mounted.current) {
              void navigate(examPaths.result(outcome.result.documentId), { replace: true });
            }
            return;
          }
          next = outcome.retryAfterMs;
        } catch {
          // Asked again after a pause: the attempt is closed and its answers kept either way.
        }
        await ask(next);
      };
      void ask(retryAfterMs);
    },
    [attemptId, dispatch, navigate],
  );

  return { marking, waitForResult };
}
