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
