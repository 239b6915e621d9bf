import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// A screen's chunk can fail to load (a new release replaced it, the network dropped).
// Reload once to pick up the new files; if that already happened, leave the error unhandled
// so Vite rethrows it and the route's error screen explains it.
const RELOADED_KEY = 'portal:preload-reloaded';
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem(RELOADED_KEY) === null) {
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  }
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
