import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installPreloadErrorHandler } from './app/preloadErrors';
import { preloadRouteChunks } from './app/routePreload';
import { installConsoleCapture } from './lib/consoleCapture';

// Console messages also go to the diagnostic logs (the console still gets them).
installConsoleCapture(console);
installPreloadErrorHandler(window, sessionStorage, () => window.location.reload());

// The address typed is known now: its screen's chunks load beside the app's (routePreload.ts).
preloadRouteChunks(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
