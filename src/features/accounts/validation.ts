// Client-side checks of the account forms. The server checks again; these only spare a round trip.

export const MIN_PASSWORD_LENGTH = 8;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 10 to 15 digits, optionally after a +. */
const MOBILE_SHAPE = /^\+?\d{10,15}$/;

/** The mobile number without the spaces, dots, dashes and brackets people type in them. */
export function normalizeMobile(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

export function checkRequired(value: string, message: string): string | null {
  return value.trim() === '' ? message : null;
}

export function checkEmail(value: string): string | null {
  if (value.trim() === '') return 'Enter your email';
  return EMAIL_SHAPE.test(value.trim()) ? null : 'Enter a valid email address';
}

export function checkMobile(value: string): string | null {
  if (value.trim() === '') return 'Enter your mobile number';
  return MOBILE_SHAPE.test(normalizeMobile(value))
    ? null
    : 'Enter 10 to 15 digits, optionally starting with +';
}

export function checkNewPassword(value: string): string | null {
  if (value === '') return 'Enter a password';
  return value.length >= MIN_PASSWORD_LENGTH
    ? null
    : `Use at least ${MIN_PASSWORD_LENGTH} characters`;
}

export function checkConfirmation(password: string, confirmation: string): string | null {
  if (confirmation === '') return 'Enter the password again';
  return confirmation === password ? null : 'The passwords do not match';
}

/** True when no check found a problem. */
export function isValid(errors: Record<string, string | null>): boolean {
  return Object.values(errors).every((error) => error === null);
}

/**
 * How an account field shows its check: marked, with the error as helper text, once the form was
 * submitted; otherwise a blank helper line (so the form does not move when errors appear).
 */
export function fieldState(
  submitted: boolean,
  error: string | null,
): { error: boolean; helperText: string } {
  return { error: submitted && error !== null, helperText: submitted && error ? error : ' ' };
}
