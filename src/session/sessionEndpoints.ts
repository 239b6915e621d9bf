// The session's calls: self-registration and the password family (spec section 7). Like every
// area's endpoints they load with the screens that use them. Sign-in itself is a plain call
// (signIn.ts): the sign-in page runs before the query layer is loaded (issue 25). A password change
// goes through the small thunk at the end, which hands the answer to the session slice; the
// screens read each call's status and error from its hook.
import { api, type QueryError } from '../store/api';
import type { AppDispatch } from '../store/store';
import { tokenRenewed } from './sessionSlice';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from './sessionTypes';

export const RESET_PASSWORD_FAILED_MESSAGE = 'Failed to reset password.';

export const sessionUrls = {
  register: '/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  changePassword: '/auth/change-password',
} as const;

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
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
} = sessionEndpoints;

/**
 * A password change shares its result under this key: the thunk makes the call, the screen reads
 * its status with `useChangePasswordMutation({ fixedCacheKey })`.
 */
export const CHANGE_PASSWORD_KEY = 'changePassword';

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
