// Where redux-persist keeps the app's state in the browser: one IndexedDB object store ("state" in
// the "portal" database, the same place the earlier localforage storage used, so kept sessions
// survive the change). idb-keyval is a few hundred bytes; localforage weighed 8 KB gzip on the
// first visit for fallbacks (WebSQL, localStorage) no supported browser needs (docs/decisions.md).
import { clear, createStore, del, get, set } from 'idb-keyval';

const database = createStore('portal', 'state');

export const persistStorage = {
  async getItem<T = string>(key: string): Promise<T | null> {
    return (await get<T>(key, database)) ?? null;
  },
  async setItem<T>(key: string, value: T): Promise<T> {
    await set(key, value, database);
    return value;
  },
  removeItem(key: string): Promise<void> {
    return del(key, database);
  },
  /** Everything kept, for sign-out. */
  clear(): Promise<void> {
    return clear(database);
  },
};
