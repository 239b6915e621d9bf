import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../store/hooks';
import { paths } from '../lib/paths';
import { usePersistor } from '../store/persistorContext';
import { clearSession } from './signOut';

/** Why a person was signed out, shown on the sign-in screen; none for an explicit sign-out. */
export type SignOutReason = 'idle' | 'expired';

export const SIGN_OUT_NOTICES: Readonly<Record<SignOutReason, string>> = {
  idle: 'You were signed out because you were inactive for 15 minutes.',
  expired: 'Your session has ended. Sign in again.',
};

/** Signs the user out: everything kept is forgotten (see clearSession), back to sign-in. */
export function useSignOut(): (reason?: SignOutReason) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const persistor = usePersistor();
  return useCallback(
    async (reason?: SignOutReason) => {
      await clearSession(dispatch, persistor);
      navigate(paths.auth.login, {
        replace: true,
        state: reason ? { notice: SIGN_OUT_NOTICES[reason], noticeSeverity: 'info' } : null,
      });
    },
    [dispatch, navigate, persistor],
  );
}
