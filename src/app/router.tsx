import { Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BlankLayout } from '../components/layout/BlankLayout';
import { InstituteHeader, TimeZoneSync } from '../features/settings';
import { ScrollToTop } from '../components/layout/ScrollToTop';
import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { Spinner } from '../components/feedback/Spinner';
import { RequireAuth } from './RequireAuth';
import { AppLayout, AUTH_PAGES, IdleWatcher, SignedInSync, ZoomPage } from './lazyPages';
import { paths } from '../lib/paths';
import { screens } from './screens';

function load(Screen: ComponentType) {
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
}

const toNotFound = <Navigate to={paths.auth.notFound} replace />;

/** A protected route: signed-in people only, watched for inactivity and session expiry. */
function SignedIn({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <Suspense fallback={null}>
        <SignedInSync />
      </Suspense>
      {children}
      <Suspense fallback={null}>
        <IdleWatcher />
      </Suspense>
    </RequireAuth>
  );
}

/** Every route of spec section 2: full layout, blank layout (/auth/*) and no layout (/zoom). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <ScrollToTop />
      <TimeZoneSync />
      <Routes>
        {/* Full layout: every path here is protected. */}
        <Route path={paths.root} element={<SignedIn>{load(AppLayout)}</SignedIn>}>
          <Route index element={<Navigate to={paths.course} replace />} />
          {screens.map((screen) => (
            <Route key={screen.id} path={screen.routePath} element={load(screen.Component)} />
          ))}
        </Route>
        {/* Blank layout: the sign-in family and the 404 page, open to everyone. */}
        <Route path={paths.auth.root} element={<BlankLayout header={<InstituteHeader />} />}>
          <Route index element={toNotFound} />
          {Object.entries(AUTH_PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={load(Page)} />
          ))}
          <Route path="*" element={toNotFound} />
        </Route>
        {/* No layout: the live-class room. */}
        <Route path={paths.zoom} element={<SignedIn>{load(ZoomPage)}</SignedIn>} />
        {/* Unknown paths go to the 404 page, signed in or not (it reveals nothing). */}
        <Route path="*" element={toNotFound} />
      </Routes>
    </ErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
