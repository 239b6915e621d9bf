import accounts from './demo-accounts.json';

/**
 * The demo sign-ins created on an empty database (SEED_DEMO). Plain JSON next to this file so that
 * scripts (start script, README, e2e tests) can read it without compiling TypeScript:
 * server/src/bootstrap/demo-accounts.json.
 */
export interface DemoAccount {
  label: string;
  username: string;
  email: string;
  password: string;
  roleType: 'administrator' | 'faculty' | 'student';
  userRole: 'Admin' | 'Faculty' | 'Student';
}

export type DemoAccountKey = 'admin' | 'faculty' | 'faculty2' | 'student1' | 'student2';

export const DEMO_ACCOUNTS = accounts as Record<DemoAccountKey, DemoAccount>;

export const DEMO_ACCOUNT_LIST: readonly DemoAccount[] = Object.values(DEMO_ACCOUNTS);
