// The signed-in person, kept on the client: token, its expiry, user info and authorities. The
// calls themselves are RTK Query mutations (sessionEndpoints.ts, loaded with the sign-in and
// password screens); its small thunks hand the answers to this slice. Each screen reads its own
// call's status and error from the mutation hook.
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { jwtDecode } from 'jwt-decode';
import { appStateReset } from '../store/appStateReset';
import { displayRole, roleKindOf } from './roles';
import type { LoginResponse, RoleKind, SessionUser } from './sessionTypes';

export interface SessionState {
  token: string | null;
  /** Epoch milliseconds: the token's exp claim times 1000; null when the token has no expiry. */
  expiresAt: number | null;
  userInfo: SessionUser | null;
  authorities: string[];
}

export const initialSessionState: SessionState = {
  token: null,
  expiresAt: null,
  userInfo: null,
  authorities: [],
};

/** exp claim × 1000, or null when the token carries no (readable) expiry. */
export function expiryOf(token: string): number | null {
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp > 0 ? exp * 1000 : null;
  } catch {
    return null;
  }
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The login call answered: this person is signed in. */
    signedIn(state, { payload }: PayloadAction<LoginResponse>) {
      state.token = payload.jwt;
      state.expiresAt = expiryOf(payload.jwt);
      state.userInfo = payload.user;
      state.authorities = payload.authorities;
    },
    /** Strapi answers a password change with a fresh token: keep it and its expiry. */
    tokenRenewed(state, { payload }: PayloadAction<string>) {
      state.token = payload;
      state.expiresAt = expiryOf(payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(appStateReset, () => initialSessionState);
  },
});

export const { signedIn, tokenRenewed } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

interface WithSession {
  session: SessionState;
}
export const selectUserInfo = (state: WithSession): SessionUser | null => state.session.userInfo;
export const selectToken = (state: WithSession): string | null => state.session.token;
export const selectExpiresAt = (state: WithSession): number | null => state.session.expiresAt;
export const selectIsSignedIn = (state: WithSession): boolean => state.session.userInfo !== null;
export const selectRoleKind = (state: WithSession): RoleKind =>
  roleKindOf(state.session.authorities);
export const selectRoleNames = createSelector(
  [(state: WithSession) => state.session.authorities],
  (authorities): string[] => authorities.map(displayRole),
);
