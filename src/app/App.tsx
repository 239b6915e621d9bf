import { useState } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '../components/feedback/Spinner';
import { InstituteLook } from './InstituteLook';
import { PersistorContext } from '../store/persistorContext';
import { AppRouter } from './router';
import { preloadRouteData } from './routePreload';
import { makePersistor, makeStore, type AppStore } from '../store/store';

/** On start (after rehydration): a stored session whose expiry has passed is signed out. */
async function signOutIfExpired(store: AppStore, persistor: Persistor): Promise<void> {
  const { userInfo, token, expiresAt } = store.getState().session;
  if (userInfo === null && token === null) return;
  if (expiresAt === null || Date.now() < expiresAt) return;
  // Loaded only when needed: the sign-in page's first download stays small.
  const { clearSession } = await import('../session/signOut');
  await clearSession(store.dispatch, persistor);
}

interface AppProps {
  store?: AppStore;
  /** The store's persistor (tests pass their own to wait for its writes). */
  persistor?: Persistor;
}

/** The whole SPA: store (rehydrated from the browser), appearance, router. */
export function App({ store: given, persistor: givenPersistor }: AppProps) {
  const [store] = useState(() => given ?? makeStore());
  const [persistor] = useState(() => givenPersistor ?? makePersistor(store));
  return (
    <Provider store={store}>
      <InstituteLook>
        <PersistGate
          loading={<Spinner label="Starting" />}
          persistor={persistor}
          // A stored session whose expiry passed while the app was closed is signed out first;
          // then the page's data is asked for ahead of its screen (routePreload.ts).
          onBeforeLift={async () => {
            await signOutIfExpired(store, persistor);
            preloadRouteData(store, window.location.pathname);
          }}
        >
          <PersistorContext.Provider value={persistor}>
            <AppRouter />
          </PersistorContext.Provider>
        </PersistGate>
      </InstituteLook>
    </Provider>
  );
}
