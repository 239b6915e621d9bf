// The session's calls: sign-in, self-registration and the password family (spec section 7).
import { apiClient } from '../lib/apiClient';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  Credentials,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from './sessionTypes';

export const sessionUrls = {
  login: '/login',
  register: '/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  changePassword: '/auth/change-password',
} as const;

export async function postLogin(credentials: Credentials): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(sessionUrls.login, credentials);
  return data;
}

/** One call: the server makes the Student record and the user together (default token). */
export async function postRegister(request: RegisterRequest): Promise<void> {
  await apiClient.post(sessionUrls.register, request);
}

export async function postForgotPassword(email: string): Promise<void> {
  await apiClient.post(sessionUrls.forgotPassword, { email });
}

export async function postResetPassword(request: ResetPasswordRequest): Promise<void> {
  await apiClient.post(sessionUrls.resetPassword, request);
}

/** With the user's JWT (the client adds it); Strapi answers with a fresh { jwt, user }. */
export async function postChangePassword(
  request: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  const { data } = await apiClient.post<ChangePasswordResponse>(
    sessionUrls.changePassword,
    request,
  );
  return data;
}
