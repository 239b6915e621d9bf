// The player's integrity log (issue 23): while an attempt is open it notices a tab or window
// switch, copy/cut/paste, an offline period (recorded when the connection is back, with how long
// it lasted) and, when the test requires fullscreen, each exit from fullscreen. Everything goes to
// integrityLog.ts's queue and rides with the next answer save or the submit. Nothing here blocks
// the learner: staff read the log and decide.
import { useCallback, useEffect, useState } from 'react';
import { loadEvents, recordEvent } from './integrityLog';

export interface IntegrityLogState {
  /** The test requires fullscreen and the page is not in it: the player asks to enter it. */
  fullscreenWanted: boolean;
  enterFullscreen: () => void;
}

const inFullscreen = () => typeof document !== 'undefined' && !!document.fullscreenElement;

/** Adds each of `handlers` (event type → listener) to `target`; returns what removes them all. */
function listen(target: EventTarget, handlers: Record<string, EventListener>): () => void {
  const entries = Object.entries(handlers);
  for (const [type, handler] of entries) target.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of entries) target.removeEventListener(type, handler);
  };
}

export function useIntegrityLog(
  attemptId: string,
  active: boolean,
  requireFullscreen: boolean,
): IntegrityLogState {
  const [fullscreen, setFullscreen] = useState(inFullscreen);

  useEffect(() => {
    if (!active) return undefined;
    void loadEvents(attemptId);
    let offlineSince: number | null = navigator.onLine === false ? Date.now() : null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') recordEvent(attemptId, 'tab-hidden');
    };
    const onBlur = () => {
      // A hidden tab also blurs the window: one event for one switch.
      if (document.visibilityState !== 'hidden') recordEvent(attemptId, 'window-blur');
    };
    const onClipboard = (event: Event) => {
      recordEvent(attemptId, event.type as 'copy' | 'cut' | 'paste');
    };
    const onOffline = () => {
      offlineSince ??= Date.now();
    };
    const onOnline = () => {
      if (offlineSince === null) return;
      const seconds = Math.max(0, Math.round((Date.now() - offlineSince) / 1000));
      offlineSince = null;
      recordEvent(attemptId, 'offline', `${seconds} s offline`);
    };
    const onFullscreen = () => {
      const now = inFullscreen();
      setFullscreen(now);
      if (!now && requireFullscreen) recordEvent(attemptId, 'fullscreen-exit');
    };
    const stopDocument = listen(document, {
      visibilitychange: onVisibility,
      copy: onClipboard,
      cut: onClipboard,
      paste: onClipboard,
      fullscreenchange: onFullscreen,
    });
    const stopWindow = listen(window, { blur: onBlur, offline: onOffline, online: onOnline });
    return () => {
      stopDocument();
      stopWindow();
    };
  }, [attemptId, active, requireFullscreen]);

  const enterFullscreen = useCallback(() => {
    const root = document.documentElement;
    if (typeof root.requestFullscreen === 'function') {
      root.requestFullscreen().catch(() => undefined);
    }
  }, []);

  return {
    fullscreenWanted:
      active &&
      requireFullscreen &&
      !fullscreen &&
      typeof document.documentElement.requestFullscreen === 'function',
    enterFullscreen,
  };
}
