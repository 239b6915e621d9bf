import {
  combineReducers,
  configureStore,
  createAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import localforage from 'localforage';
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
import { configureAuthToken } from '../lib/apiClient';
import { sessionReducer } from '../features/session/sessionSlice';
import { uiReducer } from '../features/ui/uiSlice';
import { coursesReducer } from '../features/courses/coursesSlice';
import { testsReducer } from '../features/tests/testsSlice';
import { assignmentsReducer } from '../features/assignments/assignmentsSlice';
import { learnersReducer } from '../features/learners/learnersSlice';
import { resultsReducer } from '../features/results/resultsSlice';

/** Rehydration gives up after this long rather than hold the app back (spec section 9). */
export const REHYDRATION_TIMEOUT_MS = 5000;

/** Dispatched on sign-out (explicit or automatic): every slice returns to its initial state. */
export const appStateReset = createAction('app/stateReset');

export const persistStorage = localforage.createInstance({ name: 'portal', storeName: 'state' });

// The auth state is persisted on its own key, so it can be read and cleared separately.
const sessionPersistConfig = {
  key: 'auth',
  storage: persistStorage,
  timeout: REHYDRATION_TIMEOUT_MS,
  whitelist: ['token', 'expiresAt', 'userInfo', 'authorities'],
};

const slices = combineReducers({
  session: persistReducer(sessionPersistConfig, sessionReducer),
  ui: uiReducer,
  courses: coursesReducer,
  tests: testsReducer,
  assignments: assignmentsReducer,
  learners: learnersReducer,
  results: resultsReducer,
});

type SlicesState = ReturnType<typeof slices>;

const rootReducer = (state: SlicesState | undefined, action: UnknownAction): SlicesState =>
  slices(appStateReset.match(action) ? undefined : state, action);

const rootPersistConfig = {
  key: 'root',
  storage: persistStorage,
  timeout: REHYDRATION_TIMEOUT_MS,
  // The auth state has its own key; the students list is never kept in the browser.
  blacklist: ['session', 'learners'],
};

/** Initial state for tests and tools: any slice, without redux-persist's bookkeeping. */
export type PreloadedAppState = Partial<{
  [K in keyof SlicesState]: Omit<SlicesState[K], '_persist'>;
}>;

export function makeStore(preloadedState?: PreloadedAppState) {
  const store = configureStore({
    reducer: persistReducer(rootPersistConfig, rootReducer),
    preloadedState: preloadedState as RootStateInput | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  configureAuthToken(() => store.getState().session.token);
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
  await persistor.purge();
  await persistStorage.clear();
}
