// Dates for <input type="datetime-local"> (wall-clock time, no zone) and for display, both in one
// time zone: the display zone (issue 24). It is the person's own choice, else the institute's
// default, else the browser's; the app shell sets it (features/settings/TimeZoneSync) with
// `setDisplayZone`, so this file stays free of features. Typed times are read in the same zone as
// they are shown, so a test window typed as 10:00 shows as 10:00.

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether `zone` is a time zone this browser knows (an IANA name such as Asia/Kolkata). */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own time zone ("UTC" when it does not say). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zone dates are shown in: the person's, else the institute's, else the browser's. */
export function pickDisplayZone(
  personal: string | null | undefined,
  institute: string | null | undefined,
): string {
  if (isTimeZone(personal)) return personal;
  if (isTimeZone(institute)) return institute;
  return browserZone();
}

let activeZone: string | null = null;

/** Sets the zone dates are shown and typed in; null (or an unknown zone) → the browser's. */
export function setDisplayZone(zone: string | null | undefined): void {
  activeZone = isTimeZone(zone) ? zone : null;
}

/** The zone dates are shown and typed in now ("Asia/Kolkata"). */
export function displayZone(): string {
  return activeZone ?? browserZone();
}

/** Every IANA zone this browser knows (for pickers); the display zone alone when it cannot say. */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    const zones = intl.supportedValuesOf?.('timeZone') ?? [];
    if (zones.length > 0) return zones.includes('UTC') ? zones : ['UTC', ...zones];
  } catch {
    // older browsers: fall through
  }
  return [displayZone()];
}

/** The wall-clock parts of `date` in `zone` (hour 0–23). */
function partsIn(date: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far `zone`'s wall clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const p = partsIn(new Date(ms), zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** An ISO instant as "YYYY-MM-DDTHH:mm" in the display zone; "" when absent or invalid. */
export function toLocalInput(iso: string | null | undefined): string {
  const date = dateOf(iso);
  if (!date) return '';
  const p = partsIn(date, displayZone());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A datetime-local value, read in the display zone, as an ISO instant; null when empty or invalid. */
export function fromLocalInput(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  if (Number.isNaN(wall)) return null;
  const zone = displayZone();
  // The offset at the guess, then again at the answer (a daylight-saving change in between).
  let ms = wall - offsetAt(wall, zone);
  ms = wall - offsetAt(ms, zone);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The one way dates are shown (issue 24): the person's own locale, in the display zone,
 * "27 Nov 2026, 10:30"; with `zone` the zone's short name follows ("27 Nov 2026, 10:30 IST" or
 * "GMT+5:30"), where the time zone matters (a test's window, a deadline, a live class). "—" when
 * absent.
 */
export function formatDateTime(
  iso: string | null | undefined,
  { zone = false }: { zone?: boolean } = {},
): string {
  const date = dateOf(iso);
  if (!date) return iso ? iso : '—';
  const text = date.toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: displayZone(),
  });
  return zone ? `${text} ${zoneName(date)}`.trim() : text;
}

/** The date alone, in the same style ("27 Nov 2026"); "—" when absent. */
export function formatDate(iso: string | null | undefined): string {
  const date = dateOf(iso);
  if (!date) return iso ? iso : '—';
  // A calendar date ("2026-11-27", e.g. an enrolment date) is that day everywhere, not an instant.
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(iso ?? '');
  return date.toLocaleDateString(undefined, {
    dateStyle: 'medium',
    timeZone: calendar ? 'UTC' : displayZone(),
  });
}

/** A time of the day in the same style ("10:30", or "10:30:15" with seconds); "—" when absent. */
export function formatTime(
  iso: string | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const date = dateOf(iso);
  if (!date) return iso ? iso : '—';
  return date.toLocaleTimeString(undefined, {
    timeStyle: seconds ? 'medium' : 'short',
    timeZone: displayZone(),
  });
}

function dateOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The short name of the display zone at that date ("IST", "GMT+5:30", "UTC"). */
export function zoneName(date: Date = new Date()): string {
  const part = new Intl.DateTimeFormat(undefined, {
    timeZoneName: 'short',
    timeZone: displayZone(),
  })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** Today in the display zone's calendar, as YYYY-MM-DD. */
export function localDate(date: Date = new Date()): string {
  const p = partsIn(date, displayZone());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}
