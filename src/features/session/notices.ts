// Messages one /auth screen hands to the sign-in screen through the router's location state.

export const REGISTERED_NOTICE = 'Your account is ready. Sign in with your email and password.';
export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with the new one.';
export const FORGOT_PASSWORD_SENT =
  'If an account exists for that email, we have sent a link to reset the password.';

export type NoticeSeverity = 'success' | 'info';

export interface LoginNotice {
  notice: string;
  noticeSeverity: NoticeSeverity;
}

export function noticeState(
  notice: string,
  noticeSeverity: NoticeSeverity = 'success',
): LoginNotice {
  return { notice, noticeSeverity };
}

/** The notice carried in a location state, if any. */
export function readNotice(state: unknown): LoginNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice, noticeSeverity } = state as Record<string, unknown>;
  if (typeof notice !== 'string' || notice === '') return null;
  return { notice, noticeSeverity: noticeSeverity === 'info' ? 'info' : 'success' };
}
