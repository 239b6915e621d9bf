// Loading ahead for the address typed (issue 27's cold open of a script): the screens of the app
// are chunks loaded one after another as React reaches them (the layout, then the reports screen,
// then what it imports), and the data only once the screen is mounted. For a script page the
// chunks are asked for at start, beside the app's own, and, once the session is restored, the
// script and its first PDF too (features/reports/annotate/earlyOpen.ts). Everything here is a
// dynamic import: the first visit's JavaScript (the sign-in page) does not grow.
import type { AppStore } from '../store/store';
import { selectIsSignedIn, selectRoleKind } from '../session/sessionSlice';

const SCRIPT_PAGE = /^\/reports\/scripts\/([^/?#]+)\/?$/;

const scriptOf = (pathname: string): string | null => {
  const match = SCRIPT_PAGE.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
};

/** At start, before React: the script page's chunks (layout, reports screen) and PDF.js. */
export function preloadRouteChunks(pathname: string): void {
  if (!scriptOf(pathname)) return;
  void import('./AppLayout').catch(() => undefined);
  void import('../features/reports/ReportsPage').catch(() => undefined);
  // PDF.js and its worker thread too: they take longest to arrive and start.
  void import('../features/reports/annotate/earlyOpen')
    .then(({ startPdfViewer }) => startPdfViewer())
    .catch(() => undefined);
}

/** Once the stored session is restored: the script and its first PDF, for signed-in staff. */
export function preloadRouteData(store: AppStore, pathname: string): void {
  const resultId = scriptOf(pathname);
  const state = store.getState();
  if (!resultId || !selectIsSignedIn(state)) return;
  const role = selectRoleKind(state);
  if (role === 'student') return;
  void import('../features/reports/annotate/earlyOpen')
    .then(({ openScriptEarly }) => openScriptEarly(store.dispatch, resultId, role === 'admin'))
    .catch(() => undefined);
}
