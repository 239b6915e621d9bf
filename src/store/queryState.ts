// Reading a Redux Toolkit Query result the way pickers and filters show it: the items, a load
// status and the one error message (store/api.ts). While a new load runs, the previous items stay.
import type { LoadStatus } from '../lib/listState';
import { queryErrorMessage } from './api';

export interface Options<T> {
  items: T[];
  status: LoadStatus;
  error: string | null;
}

/** The fields of a query hook's result that a picker needs. */
export interface QueryResultLike<T> {
  data?: readonly T[];
  isUninitialized: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
}

/** The options of a query result; `fallback` is the message of a failure that carries none. */
export function optionsOf<T>(result: QueryResultLike<T>, fallback?: string): Options<T> {
  const items = result.data ? [...result.data] : [];
  if (result.isUninitialized) return { items: [], status: 'idle', error: null };
  if (result.isFetching) return { items, status: 'loading', error: null };
  if (result.isError)
    return { items: [], status: 'failed', error: queryErrorMessage(result.error, fallback) };
  return { items, status: 'succeeded', error: null };
}

/** The same options with each item reshaped (a picker's own item type, an id to key by). */
export function mapOptions<T, U>(
  options: Options<T>,
  shape: (item: T, index: number) => U,
): Options<U> {
  return { ...options, items: options.items.map(shape) };
}

/** What a record picker shows of the options: the items, whether they load, the error. */
export function pickerProps<T>(options: Options<T>) {
  return { options: options.items, loading: options.status === 'loading', error: options.error };
}
