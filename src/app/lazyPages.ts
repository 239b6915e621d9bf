// The pages outside the screens table (app/screens.tsx), each a chunk of its own: the full layout,
// the sign-in family, the 404 page, the live-class room and the signed-in helpers. Declared here
// once for the router and for app/routePreload.ts, which asks for the typed address's chunks early.
import { lazyScreen, type LazyScreen } from '../lib/lazyScreen';

// The full layout (menu, top bar, customizer) is a chunk of its own: the sign-in page needs none of it.
export const AppLayout = lazyScreen(() => import('./AppLayout'), 'AppLayout');
export const LoginPage = lazyScreen(() => import('../features/accounts/LoginPage'), 'LoginPage');
export const RegisterPage = lazyScreen(
  () => import('../features/accounts/RegisterPage'),
  'RegisterPage',
);
export const ForgotPasswordPage = lazyScreen(
  () => import('../features/accounts/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyScreen(
  () => import('../features/accounts/ResetPasswordPage'),
  'ResetPasswordPage',
);
export const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'), 'NotFoundPage');
export const ZoomPage = lazyScreen(() => import('../features/live-classes/ZoomPage'), 'ZoomPage');
// Idle sign-out runs only for signed-in people, and loads with their screens, not with sign-in.
export const IdleWatcher = lazyScreen(
  () => import('../features/accounts/IdleWatcher'),
  'IdleWatcher',
);
// A signed-in person's language and time zone come from their profile, read through the query
// layer (store/api.ts), which loads with the first signed-in screen, not with sign-in (issue 25).
export const SignedInSync = lazyScreen(
  () => import('../features/settings/SignedInSync'),
  'SignedInSync',
);

/** The blank layout's pages (under /auth) by their path: the router's routes and the preload's. */
export const AUTH_PAGES: Readonly<Record<string, LazyScreen>> = {
  '404': NotFoundPage,
  login: LoginPage,
  register: RegisterPage,
  signUp: RegisterPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
};
