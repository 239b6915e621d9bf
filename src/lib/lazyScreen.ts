import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen loaded on demand; `preload()` asks for its chunk ahead of React reaching it. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => void };

/**
 * A screen loaded on demand, as its own chunk, from a module's named export. The chunk is asked
 * for once, whether by `preload()` (app/routePreload.ts: the typed address's screen, beside the
 * app's own code) or by React on the first render; a failed load is asked for again next time.
 */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const get = () => {
    loading ??= load().then(
      (module) => ({ default: module[name] as ComponentType }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(get), { preload: () => void get().catch(() => undefined) });
}
