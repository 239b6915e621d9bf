// Messages one /auth screen hands to the sign-in screen through the router's location state.

// The server answers a new and an already registered email alike (it emails the holder of a
// taken one), so this notice fits both.
export const REGISTERED_NOTICE =
  'Thank you for registering. Sign in with your email and password. If this email already had an account, we have emailed it instead.';
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
