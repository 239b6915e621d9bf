import { describe, expect, it } from 'vitest';
import { displayRole, roleKindOf } from '../../src/session/roles';
import { expiryOf } from '../../src/session/sessionSlice';
import { fakeJwt } from '../utils/fixtures';

describe('roles and expiry', () => {
  it.each([
    ['ROLE_ADMIN', 'Admin'],
    ['ROLE_FACULTY', 'Faculty'],
    ['ROLE_SUPER_ADMIN', 'Super Admin'],
    ['student', 'Student'],
  ])('shows %s as %s', (authority, shown) => {
    expect(displayRole(authority)).toBe(shown);
  });

  it('picks the strongest role', () => {
    expect(roleKindOf(['ROLE_STUDENT', 'ROLE_FACULTY'])).toBe('faculty');
    expect(roleKindOf(['ROLE_ADMIN'])).toBe('admin');
    expect(roleKindOf([])).toBe('student');
  });

  it('reads the expiry as the exp claim times 1000', () => {
    expect(expiryOf(fakeJwt(2_000_000_000))).toBe(2_000_000_000_000);
    expect(expiryOf('not-a-token')).toBeNull();
  });
});
