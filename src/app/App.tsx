import { useState } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '../components/feedback/Spinner';
import { AppearanceProvider } from '../theme/AppearanceProvider';
import { PersistorContext } from './persistorContext';
import { AppRouter } from './router';
import { makePersistor, makeStore, type AppStore } from './store';

/** The whole SPA: store (rehydrated from the browser), appearance, router. */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? makeStore());
  const [persistor] = useState(() => makePersistor(store));
  return (
    <Provider store={store}>
      <AppearanceProvider>
        <PersistGate loading={<Spinner label="Starting" />} persistor={persistor}>
          <PersistorContext.Provider value={persistor}>
            <AppRouter />
          </PersistorContext.Provider>
        </PersistGate>
      </AppearanceProvider>
    </Provider>
  );
}
