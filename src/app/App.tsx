import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '../components/feedback/Spinner';
import { AppearanceProvider } from '../theme';
import { PersistorContext } from './persistorContext';
import { makeRouter } from './router';
import { makePersistor, makeStore, type AppStore } from './store';

/** The whole SPA: store (rehydrated from the browser), appearance, router. */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? makeStore());
  const [persistor] = useState(() => makePersistor(store));
  const [router] = useState(makeRouter);
  return (
    <Provider store={store}>
      <AppearanceProvider>
        <PersistGate loading={<Spinner label="Starting" />} persistor={persistor}>
          <PersistorContext.Provider value={persistor}>
            <RouterProvider router={router} />
          </PersistorContext.Provider>
        </PersistGate>
      </AppearanceProvider>
    </Provider>
  );
}
