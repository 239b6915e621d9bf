// The session's calls: sign-in, self-registration and the password family (spec section 7).
// Like every area's endpoints they load with the screens that use them (the sign-in screen is the
// first visit). Sign-in and a password change go through the small thunks at the end, which hand
// the answer to the session slice; the screens read each call's status and error from its hook.
import { api, type QueryError } from '../store/api';
import type { AppDispatch } from '../store/store';
import { signedIn, tokenRenewed } from './sessionSlice';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  Credentials,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from './sessionTypes';

export const LOGIN_FAILED_MESSAGE = 'Invalid Email or Password';
export const RESET_PASSWORD_FAILED_MESSAGE = 'Failed to reset password.';

export const sessionUrls = {
  login: '/login',
  register: '/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  changePassword: '/auth/change-password',
} as const;

/**
 * Too many attempts, a dead server and an account's own state (403 after the right password:
 * blocked, unconfirmed — issue 24) get their own words; every other refusal the one message.
 */
export function loginError(error: QueryError): QueryError {
  if (error.status === 429 || error.status === 403 || error.status === null) return error;
  return { ...error, message: LOGIN_FAILED_MESSAGE };
}

/** The server's words for a failed password change, speaking of the email, not "identifier". */
export function changePasswordMessage(message: string): string {
  return message.replace(/identifier/gi, (word) => (word[0] === 'I' ? 'Email' : 'email'));
}

/** Only these fields: a role, confirmed or blocked flag is the server's to set. */
function registerRequest(request: RegisterRequest): RegisterRequest {
  return {
    StudentName: request.StudentName,
    student_email: request.student_email,
    student_mobile_number: request.student_mobile_number,
    password: request.password,
    student_enrollment_date: request.student_enrollment_date,
  };
}

export const sessionEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, Credentials>({
      query: (credentials) => ({ url: sessionUrls.login, method: 'POST', body: credentials }),
      transformErrorResponse: loginError,
    }),
    /** One call: the server makes the Student record and the user together (default token). */
    register: build.mutation<null, RegisterRequest>({
      query: (request) => ({
        url: sessionUrls.register,
        method: 'POST',
        body: registerRequest(request),
      }),
      transformResponse: () => null,
    }),
    forgotPassword: build.mutation<null, string>({
      query: (email) => ({ url: sessionUrls.forgotPassword, method: 'POST', body: { email } }),
      transformResponse: () => null,
    }),
    resetPassword: build.mutation<null, ResetPasswordRequest>({
      query: (request) => ({ url: sessionUrls.resetPassword, method: 'POST', body: request }),
      transformResponse: () => null,
    }),
    /** With the user's JWT (the client adds it); Strapi answers with a fresh { jwt, user }. */
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (request) => ({ url: sessionUrls.changePassword, method: 'POST', body: request }),
      transformErrorResponse: (error: QueryError) => ({
        ...error,
        message: changePasswordMessage(error.message),
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
} = sessionEndpoints;

/**
 * The calls whose answer the session keeps share their result under these keys: the thunk makes
 * the call, the screen reads its status with `useLoginMutation({ fixedCacheKey })`.
 */
export const SIGN_IN_KEY = 'signIn';
export const CHANGE_PASSWORD_KEY = 'changePassword';

/** Signs in; the session slice keeps the answer. Rejects with the call's error (QueryError). */
export const signIn = (credentials: Credentials) => async (dispatch: AppDispatch) => {
  const call = dispatch(
    sessionEndpoints.endpoints.login.initiate(credentials, { fixedCacheKey: SIGN_IN_KEY }),
  );
  const answer = await call.unwrap();
  // The token lives in the session slice only, not in the API cache as well.
  call.reset();
  dispatch(signedIn(answer));
};

/** Changes the signed-in person's password and keeps the fresh token the server answers with. */
export const changeOwnPassword =
  (request: ChangePasswordRequest) => async (dispatch: AppDispatch) => {
    const call = dispatch(
      sessionEndpoints.endpoints.changePassword.initiate(request, {
        fixedCacheKey: CHANGE_PASSWORD_KEY,
      }),
    );
    const answer = await call.unwrap();
    call.reset();
    if (typeof answer.jwt === 'string' && answer.jwt) dispatch(tokenRenewed(answer.jwt));
  };
