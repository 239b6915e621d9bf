import { render } from '@testing-library/react';
import { App } from '../../src/app/App';
import { makePersistor, makeStore } from '../../src/store/store';
import type { SessionUser } from '../../src/session/sessionTypes';
import { signedInSession } from './fixtures';
import { trackPersistor } from './persistors';

interface RenderAppOptions {
  path?: string;
  user?: SessionUser;
  authorities?: string[];
}

/** Renders the real App (real store, router and theme) at a path, signed in or not. */
export function renderApp({ path = '/', user, authorities = [] }: RenderAppOptions = {}) {
  window.history.replaceState({}, '', path);
  const store = makeStore(user ? { session: signedInSession(user, authorities) } : undefined);
  const persistor = trackPersistor(makePersistor(store));
  const view = render(<App store={store} persistor={persistor} />);
  return { store, persistor, ...view };
}
