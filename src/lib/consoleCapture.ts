// Copies what the app writes to the console into the diagnostic logs. The original console
// still gets every call. Installed once, from main.tsx.
import { recordConsoleLog, type ConsoleLevel, type ConsoleLogEntry } from './diagnosticLogs';

export const CAPTURED_LEVELS: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error'];
/** Longest message kept, in characters. */
export const CONSOLE_MESSAGE_LIMIT = 2000;

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'object' && value !== null) {
    try {
      const seen = new WeakSet<object>();
      return JSON.stringify(value, (_key, inner: unknown) => {
        if (typeof inner === 'object' && inner !== null) {
          if (seen.has(inner)) return '[circular]';
          seen.add(inner);
        }
        return inner;
      });
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}

/** The console arguments as one line of text, cut at CONSOLE_MESSAGE_LIMIT characters. */
export function formatConsoleArgs(args: readonly unknown[]): string {
  const text = args.map(describe).join(' ');
  return text.length > CONSOLE_MESSAGE_LIMIT ? `${text.slice(0, CONSOLE_MESSAGE_LIMIT)}…` : text;
}

const installed = new WeakSet<Console>();

/** Wraps console.log/info/warn/error; returns a function that puts the originals back. */
export function installConsoleCapture(
  target: Console = console,
  record: (entry: ConsoleLogEntry) => void = recordConsoleLog,
): () => void {
  if (installed.has(target)) return () => undefined;
  installed.add(target);
  const originals = CAPTURED_LEVELS.map((level) => [level, target[level]] as const);
  for (const [level, original] of originals) {
    target[level] = (...args: unknown[]) => {
      original.apply(target, args);
      try {
        record({ level, message: formatConsoleArgs(args), timestamp: new Date().toISOString() });
      } catch {
        // Never let diagnostics break the console.
      }
    };
  }
  return () => {
    for (const [level, original] of originals) target[level] = original;
    installed.delete(target);
  };
}
