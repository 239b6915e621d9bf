export interface SessionRole {
  id: number;
  name: string;
  type: string;
}

export interface LinkedPerson {
  id: number;
  documentId?: string;
  [field: string]: unknown;
}

export interface SessionUser {
  id: number;
  documentId?: string;
  username: string;
  email: string;
  UserRole?: string | null;
  role?: SessionRole | null;
  student?: LinkedPerson | null;
  faculty?: LinkedPerson | null;
  userAvatar?: { url: string; name?: string } | null;
}

export interface LoginResponse {
  jwt: string;
  authorities: string[];
  user: SessionUser;
}

export interface Credentials {
  email: string;
  password: string;
}

/** The three kinds of people the menus and guards care about. */
export type RoleKind = 'admin' | 'faculty' | 'student';

/** What the registration form collects (Student field names, as the server expects them). */
export interface RegistrationDetails {
  StudentName: string;
  student_email: string;
  student_mobile_number: string;
  password: string;
}

/** The one registration call: never a role, confirmed or blocked field. */
export interface RegisterRequest extends RegistrationDetails {
  /** Today, YYYY-MM-DD (the learner's local date). */
  student_enrollment_date: string;
}

export interface ResetPasswordRequest {
  code: string;
  password: string;
  passwordConfirmation: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export interface ChangePasswordResponse {
  jwt: string;
  user?: unknown;
}
