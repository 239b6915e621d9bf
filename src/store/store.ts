import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { appStateReset } from './appStateReset';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Persistor,
} from 'redux-persist';
import { configureAuthToken } from '../lib/authToken';
import { sessionReducer } from '../session/sessionSlice';
import { uiReducer } from './uiSlice';
import { persistStorage } from './persistStorage';

/** Rehydration gives up after this long rather than hold the app back (spec section 9). */
export const REHYDRATION_TIMEOUT_MS = 5000;

export { appStateReset };

export { persistStorage };

// The auth state is persisted on its own key, so it can be read and cleared separately.
const sessionPersistConfig = {
  key: 'auth',
  storage: persistStorage,
  timeout: REHYDRATION_TIMEOUT_MS,
  whitelist: ['token', 'expiresAt', 'userInfo', 'authorities'],
};

/**
 * Slices that load with their screens (code splitting): each declares itself here with
 * `declare module` and injects itself into `slices` when its chunk loads. The API cache is one
 * of them (store/api.ts): the sign-in page runs without RTK Query's layer (issue 25).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/** Every slice but the session (which each store persists on its own key). */
export const slices = combineSlices({
  ui: uiReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

/**
 * Middleware that loads with its code: RTK Query's (store/api.ts adds it when its chunk loads,
 * before any of its hooks or thunks can run). Shared by every store; applied per store.
 */
export const lateMiddleware = createDynamicMiddleware();

/** Every live store, told when a slice was injected (see `slicesInjected`). */
const liveStores = new Set<WeakRef<{ dispatch: (action: UnknownAction) => unknown }>>();

/**
 * Call right after `slices.inject(…)`: each store runs its reducers once, so the new slice's state
 * is there before anything reads it. (combineSlices adds the state with the next action; a chunk
 * that injects the API and at once reads the cache, as the early open of a script does, would
 * otherwise find no `state.api`.)
 */
export function slicesInjected(): void {
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch({ type: 'store/slicesInjected' });
    else liveStores.delete(ref);
  }
}

// redux-persist keeps bookkeeping (purged, paused, the writer) inside each persisted reducer, so
// every store gets its own session reducer rather than sharing one module-wide.
const makeSessionReducer = () => persistReducer(sessionPersistConfig, sessionReducer);
type PersistedSessionState = ReturnType<ReturnType<typeof makeSessionReducer>>;

type OtherSlicesState = ReturnType<typeof slices>;
type SlicesState = OtherSlicesState & { session: PersistedSessionState };

function makeRootReducer() {
  const session = makeSessionReducer();
  return (state: SlicesState | undefined, action: UnknownAction): SlicesState => {
    if (appStateReset.match(action)) {
      // Every slice back to its start. The session resets itself on the same action, inside its
      // persisted reducer, so the reset is written to the browser and a later sign-in in this tab
      // is persisted again.
      return { ...slices(undefined, action), session: session(state?.session, action) };
    }
    if (!state) return { ...slices(undefined, action), session: session(undefined, action) };
    const { session: sessionState, ...others } = state;
    const nextOthers = slices(others, action);
    const nextSession = session(sessionState, action);
    if (nextOthers === others && nextSession === sessionState) return state;
    return { ...nextOthers, session: nextSession };
  };
}

const rootPersistConfig = {
  key: 'root',
  storage: persistStorage,
  timeout: REHYDRATION_TIMEOUT_MS,
  // Only the screen selections are kept here. The auth state has its own key; server data (the
  // API cache) is never kept; the exam state is read again from the server and the outbox on
  // every load. A new slice is not persisted unless it is named here.
  whitelist: ['ui'],
};

/** Initial state for tests and tools: any slice, without redux-persist's bookkeeping. */
export type PreloadedAppState = Partial<{
  [K in keyof SlicesState]: Omit<SlicesState[K], '_persist'>;
}>;

export function makeStore(preloadedState?: PreloadedAppState) {
  const store = configureStore({
    reducer: persistReducer(rootPersistConfig, makeRootReducer()),
    preloadedState: preloadedState as RootStateInput | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(lateMiddleware.middleware),
  });
  configureAuthToken(() => store.getState().session.token);
  liveStores.add(new WeakRef(store));
  return store;
}

type RootStateInput = Parameters<ReturnType<typeof persistReducer<SlicesState>>>[0];

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export function makePersistor(store: AppStore): Persistor {
  return persistStore(store);
}

/** Forget everything the browser kept of the app's state (used by sign-out). */
export async function clearPersistedState(persistor: Persistor): Promise<void> {
  // Pending writes first, so none lands after the purge.
  await persistor.flush();
  await persistor.purge();
  await persistStorage.clear();
}
