import { initialSessionState, type SessionState } from '../../src/session/sessionSlice';
import type { LoginResponse, SessionUser } from '../../src/session/sessionTypes';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT-shaped token with the given expiry (seconds since the epoch); the signature is fake. */
export function fakeJwt(exp: number, id = 1): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id, iat: exp - 3600, exp })}.c2ln`;
}

export const adminUser: SessionUser = {
  id: 1,
  documentId: 'admin-doc',
  username: 'admin',
  email: 'admin@demo.test',
  UserRole: 'Admin',
  role: { id: 3, name: 'Administrator', type: 'administrator' },
  student: null,
  faculty: null,
  userAvatar: null,
};

export const studentUser: SessionUser = {
  id: 3,
  documentId: 'student-doc',
  username: 'student1',
  email: 'student1@demo.test',
  UserRole: 'Student',
  role: { id: 5, name: 'Student', type: 'student' },
  student: { id: 1, documentId: 'stu-1', StudentName: 'Asha Rao' },
  faculty: null,
  userAvatar: null,
};

export function loginResponse(user: SessionUser, authority: string, exp: number): LoginResponse {
  return { jwt: fakeJwt(exp, user.id), authorities: [authority], user };
}

/** The session slice of someone signed in for the next hour. */
export function signedInSession(user: SessionUser, authorities: string[]): SessionState {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return {
    ...initialSessionState,
    token: fakeJwt(exp, user.id),
    expiresAt: exp * 1000,
    userInfo: user,
    authorities,
  };
}
