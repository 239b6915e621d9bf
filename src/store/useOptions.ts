// The options of a picker or filter that loads through a function (a loader, see queryLoader.ts),
// as {items, status, error}: the same shape `optionsOf` (queryState.ts) gives a query result.
import { useEffect, useState } from 'react';
import { errorMessage } from '../lib/strapi';
import type { Options } from './queryState';

export type { Options };

interface Loaded<T> extends Options<T> {
  source: () => Promise<T[]>;
}

/**
 * The options of a picker or filter, loaded when the component shows (and again when `load`
 * changes). They are short-lived choices, not app state, so they stay in the component. While a
 * new load runs, the previous items stay listed.
 */
export function useOptions<T>(load: () => Promise<T[]>, enabled = true): Options<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      (items) => {
        if (live) setLoaded({ source: load, items, status: 'succeeded', error: null });
      },
      (error: unknown) => {
        if (live)
          setLoaded({ source: load, items: [], status: 'failed', error: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [load, enabled]);
  if (!enabled) return { items: [], status: 'idle', error: null };
  if (!loaded || loaded.source !== load) {
    return { items: loaded?.items ?? [], status: 'loading', error: null };
  }
  return loaded;
}
