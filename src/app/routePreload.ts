// Loading ahead for the address typed (issue 27's cold open of a script): the screens of the app
// are chunks loaded one after another as React reaches them (the layout, then the reports screen,
// then what it imports), and the data only once the screen is mounted. For a script page the
// chunks are asked for at start, beside the app's own, and, once the session is restored, the
// script and its first PDF too (features/reports/annotate/earlyOpen.ts). Everything here is a
// dynamic import: the first visit's JavaScript (the sign-in page) does not grow.
import type { AppStore } from '../store/store';
import { paths } from '../lib/paths';
import { AppLayout, AUTH_PAGES } from './lazyPages';
import { screens } from './screens';
import { selectIsSignedIn, selectRoleKind } from '../session/sessionSlice';

const SCRIPT_PAGE = /^\/reports\/scripts\/([^/?#]+)\/?$/;

const scriptOf = (pathname: string): string | null => {
  const match = SCRIPT_PAGE.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
};

/** The screen whose area holds this path (its menu path, or a page below it). */
const screenOf = (pathname: string) =>
  screens.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));

/**
 * At start, before React, in parallel with reading the stored session (the React tree waits for
 * it): the typed address's chunks. Without this the sign-in page's code is asked for only after
 * the stored session was read (a phone's slow start shows a spinner the longer, issue 25), and a
 * signed-in screen's only after its layout arrived. A script page also starts PDF.js.
 */
export function preloadRouteChunks(pathname: string): void {
  if (pathname.startsWith(`${paths.auth.root}/`)) {
    AUTH_PAGES[pathname.slice(paths.auth.root.length + 1).replace(/\/$/, '')]?.preload();
    return;
  }
  const screen = screenOf(pathname === paths.root ? paths.course : pathname);
  if (!screen) return;
  AppLayout.preload();
  screen.Component.preload();
  if (!scriptOf(pathname)) return;
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
