import { render } from '@testing-library/react';
import { App } from '../../src/app/App';
import { makeStore } from '../../src/app/store';
import type { SessionUser } from '../../src/features/session/sessionTypes';
import { signedInSession } from './fixtures';

interface RenderAppOptions {
  path?: string;
  user?: SessionUser;
  authorities?: string[];
}

/** Renders the real App (real store, router and theme) at a path, signed in or not. */
export function renderApp({ path = '/', user, authorities = [] }: RenderAppOptions = {}) {
  window.history.replaceState({}, '', path);
  const store = makeStore(user ? { session: signedInSession(user, authorities) } : undefined);
  const view = render(<App store={store} />);
  return { store, ...view };
}
