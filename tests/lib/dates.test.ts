// Issue 24, one voice: every date is shown one way (the person's locale and time zone), with the
// zone's name where it matters; absent or broken values are said plainly.
import { afterEach, describe, expect, it } from 'vitest';
import {
  displayZone,
  formatDate,
  formatDateTime,
  formatTime,
  fromLocalInput,
  localDate,
  pickDisplayZone,
  setDisplayZone,
  toLocalInput,
  zoneName,
} from '../../src/lib/dates';

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

// Issue 24: dates are shown and typed in one zone, the person's, else the institute's default,
// else the browser's.
describe('the display zone', () => {
  const AT = '2026-11-27T10:00:00.000Z';
  afterEach(() => setDisplayZone(null));

  it('shows 10:00 UTC as 15:30 in Asia/Kolkata, with that zone named', () => {
    setDisplayZone('Asia/Kolkata');
    expect(displayZone()).toBe('Asia/Kolkata');
    const at = new Date(AT);
    expect(formatTime(AT)).toBe(
      at.toLocaleTimeString(undefined, { timeStyle: 'short', timeZone: 'Asia/Kolkata' }),
    );
    expect(formatTime(AT)).toMatch(/3:30|15:30/);
    expect(toLocalInput(AT)).toBe('2026-11-27T15:30');
    const name = zoneName(at);
    expect(name).toMatch(/IST|GMT\+5:30/);
    expect(formatDateTime(AT, { zone: true })).toBe(`${formatDateTime(AT)} ${name}`);
    expect(formatDateTime(AT, { zone: true })).toMatch(/(3:30|15:30).*(IST|GMT\+5:30)$/);
    // Late in the evening in New York is already the next day in Kolkata.
    expect(localDate(new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-28');
    setDisplayZone('America/New_York');
    expect(localDate(new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-27');
    expect(toLocalInput(AT)).toBe('2026-11-27T05:00');
  });

  it('reads typed times in the same zone, across a daylight-saving change', () => {
    setDisplayZone('Asia/Kolkata');
    expect(fromLocalInput('2026-11-27T15:30')).toBe(AT);
    expect(toLocalInput(fromLocalInput('2026-03-02T10:30'))).toBe('2026-03-02T10:30');
    setDisplayZone('Europe/London');
    expect(fromLocalInput('2026-07-01T12:00')).toBe('2026-07-01T11:00:00.000Z'); // BST
    expect(fromLocalInput('2026-12-01T12:00')).toBe('2026-12-01T12:00:00.000Z'); // GMT
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('a calendar date stays that day in any zone', () => {
    setDisplayZone('America/Los_Angeles');
    expect(formatDate('2026-11-27')).toBe(
      new Date('2026-11-27T00:00:00Z').toLocaleDateString(undefined, {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }),
    );
  });

  it('the person first, then the institute, then the browser; unknown zones are skipped', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(pickDisplayZone('Asia/Tokyo', 'Asia/Kolkata')).toBe('Asia/Tokyo');
    expect(pickDisplayZone(null, 'Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(pickDisplayZone('', 'Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(pickDisplayZone('Mars/Olympus', 'Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(pickDisplayZone(null, null)).toBe(browser);
    expect(pickDisplayZone(undefined, 'Nowhere/Atall')).toBe(browser);
    setDisplayZone('Mars/Olympus');
    expect(displayZone()).toBe(browser);
  });
});
