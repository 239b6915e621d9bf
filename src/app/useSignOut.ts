import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from './hooks';
import { paths } from './paths';
import { usePersistor } from './persistorContext';
import { appStateReset, clearPersistedState } from './store';

/** Signs the user out: every slice reset, the kept state forgotten, back to the sign-in screen. */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const persistor = usePersistor();
  return useCallback(async () => {
    dispatch(appStateReset());
    if (persistor) await clearPersistedState(persistor);
    navigate(paths.auth.login, { replace: true });
  }, [dispatch, navigate, persistor]);
}
