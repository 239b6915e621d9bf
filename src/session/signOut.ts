// Sign-out, explicit or automatic (spec section 4): the token, user info, every slice, the
// persisted state, local storage (except the device's appearance choice), session storage, the
// cookies of the origin and the diagnostic logs are all forgotten.
import type { Persistor } from 'redux-persist';
import { clearCookies, clearLocalStorageExcept, clearSessionStorage } from '../lib/browserStorage';
import { clearDiagnosticLogs } from '../lib/diagnosticLogs';
import { APPEARANCE_STORAGE_KEY } from '../theme/appearance';
import { api } from '../store/api';
import { appStateReset, clearPersistedState, type AppDispatch } from '../store/store';

/** Local-storage keys that survive sign-out: device preferences, not user data. */
export const KEPT_LOCAL_STORAGE_KEYS: readonly string[] = [APPEARANCE_STORAGE_KEY];

export async function clearSession(
  dispatch: AppDispatch,
  persistor: Persistor | null,
): Promise<void> {
  // Cookies first, while the page is still on the path they were set for.
  clearCookies();
  clearLocalStorageExcept(KEPT_LOCAL_STORAGE_KEYS);
  clearSessionStorage();
  // The API cache first (its running queries and timers too), then every slice.
  dispatch(api.util.resetApiState());
  dispatch(appStateReset());
  await Promise.all([
    persistor ? clearPersistedState(persistor) : Promise.resolve(),
    clearDiagnosticLogs().catch(() => undefined),
  ]);
}
