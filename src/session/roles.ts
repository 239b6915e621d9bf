import type { RoleKind } from './sessionTypes';

/** "ROLE_SUPER_ADMIN" → "Super Admin": the ROLE_ prefix removed and the words in title case. */
export function displayRole(authority: string): string {
  return authority
    .replace(/^ROLE_/, '')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** The strongest role among the authorities; unknown roles get the least (student). */
export function roleKindOf(authorities: readonly string[]): RoleKind {
  if (authorities.includes('ROLE_ADMIN')) return 'admin';
  if (authorities.includes('ROLE_FACULTY')) return 'faculty';
  return 'student';
}
