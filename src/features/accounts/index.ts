// What other features may use of accounts: they import this file, never the files behind it.
export { ChangePasswordCard } from './ChangePasswordCard';
