// Issue 24, one voice: every date is shown one way (the person's locale and time zone), with the
// zone's name where it matters; absent or broken values are said plainly.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '../../src/lib/dates';

const ISO = '2026-11-27T05:30:00.000Z';
const date = new Date(ISO);

describe('dates', () => {
  it('one style for a date and time, the date, and the time', () => {
    expect(formatDateTime(ISO)).toBe(
      date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatDate(ISO)).toBe(date.toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(formatTime(ISO)).toBe(date.toLocaleTimeString(undefined, { timeStyle: 'short' }));
    expect(formatTime(ISO, { seconds: true })).toBe(
      date.toLocaleTimeString(undefined, { timeStyle: 'medium' }),
    );
  });

  it('adds the time zone where it matters', () => {
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    expect(formatDateTime(ISO, { zone: true })).toBe(`${formatDateTime(ISO)} ${zone}`);
  });

  it('says "—" for nothing and keeps text that is not a date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatTime('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
