// The player's sense of time and connection: the countdown by the server's clock, whether the
// browser is online, and whether answers have waited too long for the server.
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Answers waiting longer than this show the banner. */
export const PENDING_BANNER_MS = 2_000;

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/** Whole seconds until the server's expiry, by the server's clock. */
export function useSecondsLeft(expiresAt: number | null, offsetMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  if (expiresAt === null) return null;
  return Math.max(0, Math.ceil((expiresAt - (now + offsetMs)) / 1000));
}

/** True once answers have waited PENDING_BANNER_MS without being confirmed. */
export function usePendingTooLong(pending: number): boolean {
  const [stale, setStale] = useState(false);
  const waiting = pending > 0;
  useEffect(() => {
    if (!waiting) return undefined;
    const id = setTimeout(() => setStale(true), PENDING_BANNER_MS);
    return () => {
      clearTimeout(id);
      setStale(false);
    };
  }, [waiting]);
  return waiting && stale;
}
