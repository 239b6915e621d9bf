// A controllable window.matchMedia for tests: `prefers-color-scheme: dark` matches when `dark` is
// true, and setDark() notifies subscribers the way a browser does when the OS setting changes.

type Listener = (event: MediaQueryListEvent) => void;

export interface MatchMediaController {
  setDark: (dark: boolean) => void;
  restore: () => void;
  listenerCount: () => number;
}

export function mockPrefersDark(initialDark: boolean): MatchMediaController {
  const original = window.matchMedia;
  const listeners = new Set<Listener>();
  let dark = initialDark;

  window.matchMedia = (query: string): MediaQueryList => {
    const isDarkQuery = /prefers-color-scheme:\s*dark/.test(query);
    const list = {
      get matches() {
        return isDarkQuery && dark;
      },
      media: query,
      onchange: null,
      addListener: (listener: Listener) => {
        if (isDarkQuery) listeners.add(listener);
      },
      removeListener: (listener: Listener) => {
        listeners.delete(listener);
      },
      addEventListener: (_type: string, listener: Listener) => {
        if (isDarkQuery) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: Listener) => {
        listeners.delete(listener);
      },
      dispatchEvent: () => false,
    };
    return list as unknown as MediaQueryList;
  };

  return {
    setDark(next: boolean) {
      dark = next;
      const event = { matches: next, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent;
      for (const listener of [...listeners]) listener(event);
    },
    restore() {
      window.matchMedia = original;
    },
    listenerCount: () => listeners.size,
  };
}
