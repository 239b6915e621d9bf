// What other features may use of diagnostics: they import this file, never the files behind it.
export { SendDiagnosticsCard } from './SendDiagnosticsCard';
