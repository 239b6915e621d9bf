// Signing in (spec section 7): one plain call through the one axios client, not an RTK Query
// mutation, because the sign-in page runs before the store's query layer is loaded (issue 25; the
// one exception, lib/plainCall.ts and docs/decisions.md). The session slice keeps the answer; the
// token is never kept anywhere else.
import { plainCall } from '../lib/plainCall';
import { isApiError, toApiError, type ApiError } from '../lib/strapi';
import type { AppDispatch } from '../store/store';
import { signedIn } from './sessionSlice';
import type { Credentials, LoginResponse } from './sessionTypes';

export const LOGIN_URL = '/login';
export const LOGIN_FAILED_MESSAGE = 'Invalid Email or Password';

/**
 * Too many attempts, a dead server and an account's own state (403 after the right password:
 * blocked, unconfirmed — issue 24) get their own words; every other refusal the one message.
 */
export function loginError(error: ApiError): ApiError {
  if (error.status === 429 || error.status === 403 || error.status === null) return error;
  return { ...error, message: LOGIN_FAILED_MESSAGE };
}

/** Signs in; the session slice keeps the answer. Rejects with the call's error (ApiError). */
export const signIn = (credentials: Credentials) => async (dispatch: AppDispatch) => {
  let answer: LoginResponse;
  try {
    answer = await plainCall<LoginResponse>({ url: LOGIN_URL, method: 'POST', body: credentials });
  } catch (failure: unknown) {
    throw loginError(isApiError(failure) ? failure : toApiError(undefined, null));
  }
  dispatch(signedIn(answer));
};
