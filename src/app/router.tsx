import { Suspense, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { BlankLayout } from '../components/layout/BlankLayout';
import { ScrollToTop } from '../components/layout/ScrollToTop';
import { Spinner } from '../components/feedback/Spinner';
import { AppLayout } from './AppLayout';
import { RequireAuth } from './RequireAuth';
import { RoleGate } from './RoleGate';
import { RouteErrorPage } from './RouteErrorPage';
import { lazyScreen } from './lazyScreen';
import { paths } from './paths';
import { screens } from './screens';

const LoginPage = lazyScreen(() => import('../features/session/LoginPage'), 'LoginPage');
const RegisterPage = lazyScreen(() => import('../features/session/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyScreen(
  () => import('../features/session/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyScreen(
  () => import('../features/session/ResetPasswordPage'),
  'ResetPasswordPage',
);
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'), 'NotFoundPage');
const ZoomPage = lazyScreen(() => import('../features/live-classes/ZoomPage'), 'ZoomPage');

function load(Screen: ComponentType) {
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
}

const toNotFound = <Navigate to={paths.auth.notFound} replace />;

export const routes: RouteObject[] = [
  {
    // Full layout: every path here is protected.
    path: paths.root,
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to={paths.course} replace /> },
      ...screens.map((screen): RouteObject => ({
        path: screen.routePath,
        element: <RoleGate roles={screen.roles}>{load(screen.Component)}</RoleGate>,
        errorElement: <RouteErrorPage />,
      })),
    ],
  },
  {
    // Blank layout: the sign-in family and the 404 page, open to everyone.
    path: paths.auth.root,
    element: (
      <>
        <ScrollToTop />
        <BlankLayout />
      </>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: toNotFound },
      { path: '404', element: load(NotFoundPage) },
      { path: 'login', element: load(LoginPage) },
      { path: 'register', element: load(RegisterPage) },
      { path: 'signUp', element: load(RegisterPage) },
      { path: 'forgot-password', element: load(ForgotPasswordPage) },
      { path: 'reset-password', element: load(ResetPasswordPage) },
      { path: '*', element: toNotFound },
    ],
  },
  {
    // No layout: the live-class room.
    path: paths.zoom,
    element: (
      <RequireAuth>
        <ScrollToTop />
        {load(ZoomPage)}
      </RequireAuth>
    ),
    errorElement: <RouteErrorPage />,
  },
  // Unknown paths go to the 404 page, signed in or not (it reveals nothing).
  { path: '*', element: toNotFound },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
