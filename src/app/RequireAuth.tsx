import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../store/hooks';
import { paths } from '../lib/paths';
import { selectIsSignedIn } from '../session/sessionSlice';

/** Every path outside /auth/* is protected: a visitor without user info goes to sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) {
    return <Navigate to={paths.auth.login} replace state={{ from: location.pathname }} />;
  }
  return children;
}
