import {
  createAsyncThunk,
  createSelector,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { jwtDecode } from 'jwt-decode';
import { isApiError } from '../../lib/strapi';
import { postLogin } from './sessionApi';
import { displayRole, roleKindOf } from './roles';
import type { Credentials, LoginResponse, RoleKind, SessionUser } from './sessionTypes';

export const LOGIN_FAILED_MESSAGE = 'Invalid Email or Password';

export interface SessionState {
  token: string | null;
  /** Epoch milliseconds: the token's exp claim times 1000; null when the token has no expiry. */
  expiresAt: number | null;
  userInfo: SessionUser | null;
  authorities: string[];
  status: 'idle' | 'loading' | 'failed';
  error: string | null;
}

const initialState: SessionState = {
  token: null,
  expiresAt: null,
  userInfo: null,
  authorities: [],
  status: 'idle',
  error: null,
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

export const login = createAsyncThunk<LoginResponse, Credentials, { rejectValue: string }>(
  'session/login',
  async (credentials, { rejectWithValue }) => {
    try {
      return await postLogin(credentials);
    } catch (error) {
      // Too many attempts and a dead server get their own words; everything else the one message.
      if (isApiError(error) && (error.status === 429 || error.status === null)) {
        return rejectWithValue(error.message);
      }
      return rejectWithValue(LOGIN_FAILED_MESSAGE);
    }
  },
);

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loginErrorCleared(state) {
      state.error = null;
      state.status = 'idle';
    },
    userInfoUpdated(state, action: PayloadAction<SessionUser>) {
      state.userInfo = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.status = 'idle';
        state.token = action.payload.jwt;
        state.expiresAt = expiryOf(action.payload.jwt);
        state.userInfo = action.payload.user;
        state.authorities = action.payload.authorities;
      })
      .addCase(login.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? LOGIN_FAILED_MESSAGE;
      });
  },
});

export const { loginErrorCleared, userInfoUpdated } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

interface WithSession {
  session: SessionState;
}
export const selectSession = (state: WithSession): SessionState => state.session;
export const selectUserInfo = (state: WithSession): SessionUser | null => state.session.userInfo;
export const selectToken = (state: WithSession): string | null => state.session.token;
export const selectIsSignedIn = (state: WithSession): boolean => state.session.userInfo !== null;
export const selectRoleKind = (state: WithSession): RoleKind =>
  roleKindOf(state.session.authorities);
export const selectRoleNames = createSelector(
  [(state: WithSession) => state.session.authorities],
  (authorities): string[] => authorities.map(displayRole),
);
