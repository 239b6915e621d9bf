// Dates for <input type="datetime-local"> (local wall-clock time, no zone) and for display.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as "YYYY-MM-DDTHH:mm" in the browser's time zone; "" when absent or invalid. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; null when empty or invalid. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The one way dates are shown (issue 24): the person's own locale and time zone (the browser's),
 * "27 Nov 2026, 10:30"; with `zone` the zone's short name follows ("27 Nov 2026, 10:30 IST"),
 * where the time zone matters (a test's window, a deadline, a live class). "—" when absent.
 */
export function formatDateTime(
  iso: string | null | undefined,
  { zone = false }: { zone?: boolean } = {},
): string {
  const date = dateOf(iso);
  if (!date) return iso ? iso : '—';
  const text = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return zone ? `${text} ${zoneName(date)}`.trim() : text;
}

/** The date alone, in the same style ("27 Nov 2026"); "—" when absent. */
export function formatDate(iso: string | null | undefined): string {
  const date = dateOf(iso);
  if (!date) return iso ? iso : '—';
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A time of the day in the same style ("10:30", or "10:30:15" with seconds); "—" when absent. */
export function formatTime(
  iso: string | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const date = dateOf(iso);
  if (!date) return iso ? iso : '—';
  return date.toLocaleTimeString(undefined, { timeStyle: seconds ? 'medium' : 'short' });
}

function dateOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The short name of the browser's time zone at that date ("IST", "GMT+1"). */
function zoneName(date: Date): string {
  const part = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** Today in the person's own calendar, as YYYY-MM-DD. */
export function localDate(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
