// The signed-in person, kept on the client: token, its expiry, user info and authorities. The
// calls themselves are RTK Query mutations (sessionEndpoints.ts); this slice takes the token from
// their answers. Each screen holds its own call's status and error (the mutation hook's result).
import { createSelector, createSlice } from '@reduxjs/toolkit';
import { jwtDecode } from 'jwt-decode';
import { appStateReset } from '../store/appStateReset';
import { sessionEndpoints } from './sessionEndpoints';
import { displayRole, roleKindOf } from './roles';
import type { RoleKind, SessionUser } from './sessionTypes';

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

const { login, changePassword } = sessionEndpoints.endpoints;

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(appStateReset, () => initialSessionState)
      .addMatcher(login.matchFulfilled, (state, { payload }) => {
        state.token = payload.jwt;
        state.expiresAt = expiryOf(payload.jwt);
        state.userInfo = payload.user;
        state.authorities = payload.authorities;
      })
      .addMatcher(changePassword.matchFulfilled, (state, { payload }) => {
        // Strapi answers a change with a fresh token: keep it and its expiry.
        if (typeof payload.jwt === 'string' && payload.jwt) {
          state.token = payload.jwt;
          state.expiresAt = expiryOf(payload.jwt);
        }
      });
  },
});

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
