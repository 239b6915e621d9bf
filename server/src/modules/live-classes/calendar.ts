import type { LiveClass } from './classes';
import { joinWindow } from './window';

/**
 * A live class as an iCalendar file (RFC 5545): one VEVENT with UTC times, escaped text, lines of
 * at most 75 octets (folded), CRLF line ends. The join details are not in it: the description
 * sends people to the portal, where the join window and their access are checked.
 */
const escapeText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const utc = (date: Date): string => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** Folds a content line at 75 octets (continuation lines start with a space). */
export const foldLine = (line: string): string => {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

export const calendarFileName = (name: string): string => {
  const safe = name
    .replace(/[^\w .()-]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${safe || 'live-class'}.ics`;
};

export const classCalendar = (
  live: LiveClass,
  portalUrl: string | null,
  now = new Date(),
): string => {
  const window = joinWindow(live);
  const start = window?.startsAt ?? now;
  const end = window?.endsAt ?? now;
  const where = portalUrl ? `${portalUrl.replace(/\/+$/, '')}/live-classes` : null;
  const description = [
    live.course ? `Course: ${live.course.course_name}` : null,
    live.provider === 'zoom' ? 'Held over Zoom in the portal.' : 'Held online.',
    where
      ? `Join from the portal: ${where} (from 15 minutes before the start).`
      : 'Join from the portal (from 15 minutes before the start).',
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Learning Portal//Live classes//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${live.documentId}@live-classes.learning-portal`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(live.name)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(where ? [`URL:${where}`] : []),
    `STATUS:${live.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
};
