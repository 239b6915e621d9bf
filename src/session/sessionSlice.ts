import {
  createAsyncThunk,
  createSelector,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { jwtDecode } from 'jwt-decode';
import { appStateReset } from '../store/appStateReset';
import { errorMessage, isApiError } from '../lib/strapi';
import {
  postChangePassword,
  postForgotPassword,
  postLogin,
  postRegister,
  postResetPassword,
} from './sessionApi';
import { displayRole, roleKindOf } from './roles';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  Credentials,
  LoginResponse,
  RegistrationDetails,
  ResetPasswordRequest,
  RoleKind,
  SessionUser,
} from './sessionTypes';

export const LOGIN_FAILED_MESSAGE = 'Invalid Email or Password';
export const RESET_PASSWORD_FAILED_MESSAGE = 'Failed to reset password.';

/** The account calls other than sign-in; each has its own status and error. */
export type AccountAction = 'register' | 'forgotPassword' | 'resetPassword' | 'changePassword';

export interface RequestState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
}

export interface SessionState {
  token: string | null;
  /** Epoch milliseconds: the token's exp claim times 1000; null when the token has no expiry. */
  expiresAt: number | null;
  userInfo: SessionUser | null;
  authorities: string[];
  /** Sign-in. */
  status: 'idle' | 'loading' | 'failed';
  error: string | null;
  requests: Record<AccountAction, RequestState>;
  /** Set when a password change succeeds, reset once the person has seen it. */
  passwordChanged: boolean;
}

const idleRequest: RequestState = { status: 'idle', error: null };

export const initialSessionState: SessionState = {
  token: null,
  expiresAt: null,
  userInfo: null,
  authorities: [],
  status: 'idle',
  error: null,
  requests: {
    register: idleRequest,
    forgotPassword: idleRequest,
    resetPassword: idleRequest,
    changePassword: idleRequest,
  },
  passwordChanged: false,
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

/** Today in the person's own calendar, as YYYY-MM-DD. */
export function localDate(date: Date = new Date()): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The server's words for a failed password change, speaking of the email, not "identifier". */
export function changePasswordMessage(message: string): string {
  return message.replace(/identifier/gi, (word) => (word[0] === 'I' ? 'Email' : 'email'));
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

export const register = createAsyncThunk<undefined, RegistrationDetails, { rejectValue: string }>(
  'session/register',
  async (details, { rejectWithValue }) => {
    try {
      // Only these fields: a role, confirmed or blocked flag is the server's to set.
      await postRegister({
        StudentName: details.StudentName,
        student_email: details.student_email,
        student_mobile_number: details.student_mobile_number,
        password: details.password,
        student_enrollment_date: localDate(),
      });
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

export const forgotPassword = createAsyncThunk<undefined, string, { rejectValue: string }>(
  'session/forgotPassword',
  async (email, { rejectWithValue }) => {
    try {
      await postForgotPassword(email);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

export const resetPassword = createAsyncThunk<
  undefined,
  ResetPasswordRequest,
  { rejectValue: string }
>('session/resetPassword', async (request, { rejectWithValue }) => {
  try {
    await postResetPassword(request);
  } catch (error) {
    return rejectWithValue(errorMessage(error, RESET_PASSWORD_FAILED_MESSAGE));
  }
});

export const changePassword = createAsyncThunk<
  ChangePasswordResponse,
  ChangePasswordRequest,
  { rejectValue: string }
>('session/changePassword', async (request, { rejectWithValue }) => {
  try {
    return await postChangePassword(request);
  } catch (error) {
    return rejectWithValue(changePasswordMessage(errorMessage(error)));
  }
});

const accountThunks = {
  register,
  forgotPassword,
  resetPassword,
  changePassword,
} as const;

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginErrorCleared(state) {
      state.error = null;
      state.status = 'idle';
    },
    userInfoUpdated(state, action: PayloadAction<SessionUser>) {
      state.userInfo = action.payload;
    },
    /** A screen starts fresh: no error or result of an earlier visit. */
    accountRequestReset(state, action: PayloadAction<AccountAction>) {
      state.requests[action.payload] = idleRequest;
    },
    passwordChangedReset(state) {
      state.passwordChanged = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appStateReset, () => initialSessionState)
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
      })
      .addCase(changePassword.pending, (state) => {
        state.passwordChanged = false;
      })
      .addCase(changePassword.fulfilled, (state, action) => {
        // Strapi answers a change with a fresh token: keep it and its expiry.
        if (typeof action.payload.jwt === 'string' && action.payload.jwt) {
          state.token = action.payload.jwt;
          state.expiresAt = expiryOf(action.payload.jwt);
        }
        state.passwordChanged = true;
      });
    // Every account call keeps its own status and error (matchers run after the cases above).
    for (const name of Object.keys(accountThunks) as AccountAction[]) {
      const thunk = accountThunks[name];
      builder
        .addMatcher(thunk.pending.match, (state) => {
          state.requests[name] = { status: 'loading', error: null };
        })
        .addMatcher(thunk.fulfilled.match, (state) => {
          state.requests[name] = { status: 'succeeded', error: null };
        })
        .addMatcher(thunk.rejected.match, (state, action) => {
          const fallback =
            name === 'resetPassword' ? RESET_PASSWORD_FAILED_MESSAGE : errorMessage(null);
          state.requests[name] = { status: 'failed', error: action.payload ?? fallback };
        });
    }
  },
});

export const { loginErrorCleared, userInfoUpdated, accountRequestReset, passwordChangedReset } =
  sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

interface WithSession {
  session: SessionState;
}
export const selectSession = (state: WithSession): SessionState => state.session;
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
export const selectAccountRequest =
  (action: AccountAction) =>
  (state: WithSession): RequestState =>
    state.session.requests[action];
export const selectPasswordChanged = (state: WithSession): boolean => state.session.passwordChanged;
