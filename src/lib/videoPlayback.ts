// The one way a video player tells the app it is playing: idle sign-out and its warning are
// suppressed while any player is playing (spec section 4). A player calls
// useReportVideoPlaying(isPlaying); several players count separately, and a player that unmounts
// while playing stops counting. Kept outside Redux: it is live device state, never persisted.
import { useEffect, useSyncExternalStore } from 'react';

const playing = new Set<symbol>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Marks one player as playing; call the returned function when it stops. */
export function startVideoPlayback(): () => void {
  const token = Symbol('video');
  playing.add(token);
  notify();
  return () => {
    if (playing.delete(token)) notify();
  };
}

export function isVideoPlaying(): boolean {
  return playing.size > 0;
}

export function subscribeVideoPlayback(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For video players: report whether this player is playing right now. */
export function useReportVideoPlaying(isPlaying: boolean): void {
  useEffect(() => (isPlaying ? startVideoPlayback() : undefined), [isPlaying]);
}

/** True while any player is playing. */
export function useIsVideoPlaying(): boolean {
  return useSyncExternalStore(subscribeVideoPlayback, isVideoPlaying, () => false);
}
