// Changing the institute's settings (issue 24): the fields sent are checked together and written
// together, or nothing changes (400 naming each bad field). The primary colour must keep white
// text readable on it (WCAG AA, 4.5:1): buttons and the top bar put white text on it, and the
// accessibility issue asks for no contrast finding on any screen.
import type { Knex } from 'knex';
import { errors } from '@strapi/utils';
import type { Caller } from '../../access/caller';
import {
  assertAdministrator,
  INSTITUTE_LIMITS,
  readInstitute,
  writeInstitute,
  type InstituteSettings,
} from './settings';

type Body = Record<string, unknown>;

const channel = (hex: string, at: number): number => {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG's contrast ratio of white text on `#rrggbb`. */
export const contrastWithWhite = (hex: string): number => {
  const luminance = 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
  return 1.05 / (luminance + 0.05);
};

/** Whether `value` is a time zone this server knows (an IANA name such as Asia/Kolkata). */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : null);

/** The columns of a valid body, or the messages of what is wrong (field → message). */
export const columnsOf = (body: Body): { columns: Body; problems: Record<string, string> } => {
  const columns: Body = {};
  const problems: Record<string, string> = {};
  if ('name' in body) {
    const name = text(body.name);
    if (!name || name.length > INSTITUTE_LIMITS.name) {
      problems.name = `The institute's name is required, at most ${INSTITUTE_LIMITS.name} characters.`;
    } else columns.name = name;
  }
  if ('primaryColour' in body && (body.primaryColour === null || body.primaryColour === '')) {
    columns.primary_colour = null; // back to the portal's own colour theme
  } else if ('primaryColour' in body) {
    const colour = text(body.primaryColour)?.toLowerCase() ?? '';
    if (!/^#[0-9a-f]{6}$/.test(colour)) {
      problems.primaryColour = 'The primary colour must be a colour like #1565c0.';
    } else if (contrastWithWhite(colour) < 4.5) {
      problems.primaryColour = `White text on ${colour} has a contrast of ${contrastWithWhite(colour).toFixed(2)}:1; choose a darker colour (at least 4.5:1).`;
    } else columns.primary_colour = colour;
  }
  if ('defaultTimeZone' in body) {
    const zone = text(body.defaultTimeZone) ?? '';
    if (!zone || zone.length > 64 || !isTimeZone(zone)) {
      problems.defaultTimeZone = 'The default time zone must be a time zone such as Asia/Kolkata.';
    } else columns.default_time_zone = zone;
  }
  if ('idleMinutes' in body) {
    const { min, max } = INSTITUTE_LIMITS.idleMinutes;
    const minutes = body.idleMinutes;
    if (
      typeof minutes !== 'number' ||
      !Number.isInteger(minutes) ||
      minutes < min ||
      minutes > max
    ) {
      problems.idleMinutes = `The idle time-out must be a whole number of minutes from ${min} to ${max}.`;
    } else columns.idle_minutes = minutes;
  }
  if ('registrationOpen' in body) {
    if (typeof body.registrationOpen !== 'boolean') {
      problems.registrationOpen = 'Registration must be on (true) or off (false).';
    } else columns.registration_open = body.registrationOpen;
  }
  if ('supportContact' in body) {
    const contact = text(body.supportContact);
    if (contact === null || contact.length > INSTITUTE_LIMITS.supportContact) {
      problems.supportContact = `The support contact is at most ${INSTITUTE_LIMITS.supportContact} characters.`;
    } else columns.support_contact = contact;
  }
  return { columns, problems };
};

/** PUT /api/institute { data: {name?, primaryColour?, …} } (administrators). */
export const updateInstitute = async (
  knex: Knex,
  caller: Caller,
  input: unknown,
): Promise<InstituteSettings> => {
  assertAdministrator(caller);
  const body =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? ((input as Body).data ?? input)
      : null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new errors.ValidationError('Send the settings as { data: { … } }.');
  }
  const { columns, problems } = columnsOf(body as Body);
  const names = Object.keys(problems);
  if (names.length > 0) {
    throw new errors.ValidationError(Object.values(problems).join(' '), { fields: problems });
  }
  if (Object.keys(columns).length === 0) {
    throw new errors.ValidationError('Nothing to change.');
  }
  await writeInstitute(knex, caller, columns);
  return readInstitute(knex, caller);
};
