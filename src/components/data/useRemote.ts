// One record (or page) read from the server for a screen: loaded when the screen shows and again
// whenever `key` changes (put the query and a reload counter in it); no load while it is null.
// While a new load runs the previous data stays shown; `replace` puts fresher data in place
// (e.g. what an action answered) without another request.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadStatus } from '../../lib/listState';
import { errorMessage } from '../../lib/strapi';

export interface Remote<T> {
  data: T | null;
  status: LoadStatus;
  error: string | null;
  replace: (data: T) => void;
}

interface Loaded<T> {
  key: string;
  data: T | null;
  error: string | null;
}

export function useRemote<T>(
  key: string | null,
  load: () => Promise<T>,
  fallbackError = 'This could not be loaded.',
): Remote<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    latest.current().then(
      (data) => {
        if (live) setLoaded({ key, data, error: null });
      },
      (failure: unknown) => {
        if (live)
          setLoaded((previous) => ({
            key,
            data: previous?.data ?? null,
            error: errorMessage(failure, fallbackError),
          }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, fallbackError]);
  const replace = useCallback(
    (data: T) => {
      if (key !== null) setLoaded({ key, data, error: null });
    },
    [key],
  );
  if (key === null) return { data: null, status: 'idle', error: null, replace };
  if (!loaded || loaded.key !== key) {
    return { data: loaded?.data ?? null, status: 'loading', error: null, replace };
  }
  return {
    data: loaded.data,
    status: loaded.error ? 'failed' : 'succeeded',
    error: loaded.error,
    replace,
  };
}
