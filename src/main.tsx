import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installPreloadErrorHandler } from './app/preloadErrors';
import { installConsoleCapture } from './lib/consoleCapture';

// Console messages also go to the diagnostic logs (the console still gets them).
installConsoleCapture(console);
installPreloadErrorHandler(window, sessionStorage, () => window.location.reload());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
