// A query endpoint as a loader (`(arg) => Promise<result>`) for the pickers that still load their
// options through a function (useOptions, useSearchLoader): every call reads the server afresh
// through the one API, and the answer is not kept subscribed in the cache.
import { useCallback } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch } from './hooks';
import type { RootState } from './store';

const FRESH = { subscribe: false, forceRefetch: true } as const;

/** What an endpoint's `initiate` starts: a call whose answer `unwrap()` gives. */
type StartQuery<Arg, Result> = (
  arg: Arg,
  options: typeof FRESH,
) => ThunkAction<{ unwrap: () => Promise<Result> }, RootState, unknown, UnknownAction>;

/** `useQueryLoader(endpoints.endpoints.x.initiate)`: a stable loader of that query. */
export function useQueryLoader<Arg, Result>(
  initiate: StartQuery<Arg, Result>,
): (arg: Arg) => Promise<Result> {
  const dispatch = useAppDispatch();
  return useCallback((arg: Arg) => dispatch(initiate(arg, FRESH)).unwrap(), [dispatch, initiate]);
}
