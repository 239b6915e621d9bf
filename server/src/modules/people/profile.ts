// A person's own profile (issue 24, Settings): their name and mobile number, and their avatar.
// Learners and faculty members change their person record (the name staff see in lists); an
// administrator, who has none, their username. The email is the sign-in name: staff change it
// (people screens), so a stolen session cannot move the account to another inbox. The language
// of the screens that are translated (issue 24) is kept on the account (`up_users.language`, private;
// empty means English), so it follows the person to another device. So is the time zone dates are
// shown in (`up_users.time_zone`, private; empty means the institute's default time zone).
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Caller, RoleType, UserCaller } from '../../access/caller';
import { knexOf } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { isTimeZone } from '../institute';
import { isRecord, MSG, normalMobile, text } from './common';
import { setAvatar } from './users';

const NAME_MAX = 100;
const ZONE_MAX = 64;
const ZONE_MESSAGE =
  "The time zone must be a time zone such as Asia/Kolkata, or empty for the institute's default.";

/** The languages the SPA ships (src/locales/<language>/); the first is the default. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

const languageOf = (value: unknown): Language =>
  LANGUAGES.find((language) => language === value) ?? LANGUAGES[0];

export interface Profile {
  name: string;
  email: string;
  mobile: string | null;
  role: 'administrator' | 'faculty' | 'student';
  /** Whether the person has a mobile number field (administrators do not). */
  hasMobile: boolean;
  avatarUrl: string | null;
  /** The language of the translated screens. */
  language: Language;
  /** The person's own time zone (an IANA name), or null: the institute's default. */
  timeZone: string | null;
}

type Row = Record<string, unknown>;

/** Where a learner's and a faculty member's own name and mobile number are stored. */
const PERSON_COLUMNS = {
  student: { table: 'students', name: 'student_name', mobile: 'student_mobile_number' },
  faculty: { table: 'faculties', name: 'faculty_name', mobile: 'faculty_mobile_number' },
} as const;

/** The caller's own learner or faculty record (its id and columns); none for other accounts. */
const personOf = (caller: UserCaller & { role: RoleType }) => {
  if (caller.role === 'student' && caller.studentId !== null) {
    return { id: caller.studentId, columns: PERSON_COLUMNS.student };
  }
  if (caller.role === 'faculty' && caller.facultyId !== null) {
    return { id: caller.facultyId, columns: PERSON_COLUMNS.faculty };
  }
  return null;
};

const userCaller = (caller: Caller): UserCaller & { role: RoleType } => {
  if (caller.kind !== 'user' || caller.role === 'other') throw new HttpError(401, 'Sign in first.');
  return { ...caller, role: caller.role };
};

/** GET /api/profile */
export const readProfile = async (strapi: Core.Strapi, callerInput: Caller): Promise<Profile> => {
  const caller = userCaller(callerInput);
  const knex = knexOf(strapi);
  const user = (await knex('up_users')
    .where('id', caller.userId)
    .first('username', 'email', 'language', 'time_zone')) as Row | undefined;
  const avatar = (await knex('files_related_mph as r')
    .join('files as f', 'f.id', 'r.file_id')
    .where({
      'r.related_type': 'plugin::users-permissions.user',
      'r.field': 'avatar',
      'r.related_id': caller.userId,
    })
    .orderBy('r.id', 'desc')
    .first('f.url')) as Row | undefined;
  const base = {
    email: String(user?.email ?? ''),
    role: caller.role,
    avatarUrl: typeof avatar?.url === 'string' ? avatar.url : null,
    language: languageOf(user?.language),
    timeZone: typeof user?.time_zone === 'string' && user.time_zone ? user.time_zone : null,
  };
  const person = personOf(caller);
  if (person) {
    const { table, name, mobile } = person.columns;
    const row = (await knex(table).where('id', person.id).first(name, mobile)) as Row | undefined;
    return {
      ...base,
      name: String(row?.[name] ?? ''),
      mobile: (row?.[mobile] as string | null) ?? null,
      hasMobile: true,
    };
  }
  return { ...base, name: String(user?.username ?? ''), mobile: null, hasMobile: false };
};

/**
 * The column value of a sent time zone: a known IANA name, or "" (null and "" mean the institute's
 * default); `false` when it is not one.
 */
const zoneColumnOf = (value: unknown): string | false => {
  if (value === null || value === '') return '';
  if (typeof value !== 'string') return false;
  const zone = value.trim();
  return zone && zone.length <= ZONE_MAX && isTimeZone(zone) ? zone : false;
};

/**
 * PUT /api/profile { data: { name, mobile?, language?, timeZone? } } → the profile. The language
 * or the time zone alone ({ data: { language } }, { data: { timeZone } }) changes only those.
 */
export const updateProfile = async (
  strapi: Core.Strapi,
  callerInput: Caller,
  input: unknown,
): Promise<Profile> => {
  const caller = userCaller(callerInput);
  const body = isRecord(input) && isRecord(input.data) ? input.data : null;
  if (!body) throw new errors.ValidationError('Send the profile as { data: { name, mobile } }.');
  const language = 'language' in body ? body.language : undefined;
  if (language !== undefined && !LANGUAGES.some((known) => known === language)) {
    throw new errors.ValidationError(`The language is one of: ${LANGUAGES.join(', ')}.`);
  }
  const zone = 'timeZone' in body ? zoneColumnOf(body.timeZone) : undefined;
  if (zone === false) throw new errors.ValidationError(ZONE_MESSAGE);
  const own = {
    ...(language !== undefined ? { language } : {}),
    ...(zone !== undefined ? { time_zone: zone } : {}),
  };
  if (Object.keys(own).length > 0 && !('name' in body) && !('mobile' in body)) {
    await knexOf(strapi)('up_users')
      .where('id', caller.userId)
      .update({ ...own, updated_at: new Date() });
    return readProfile(strapi, caller);
  }
  const name = text(body.name);
  if (!name || name.length > NAME_MAX) {
    throw new errors.ValidationError(`${MSG.name} At most ${NAME_MAX} characters.`);
  }
  const mobile = 'mobile' in body ? normalMobile(body.mobile) : undefined;
  if (mobile === false) throw new errors.ValidationError(MSG.mobile);
  const knex = knexOf(strapi);
  const now = new Date();
  const person = personOf(caller);
  if (person) {
    const columns = person.columns;
    await knex(columns.table)
      .where('id', person.id)
      .update({
        [columns.name]: name,
        ...(mobile !== undefined ? { [columns.mobile]: mobile } : {}),
        updated_at: now,
      });
  } else {
    if (name.length < 3) throw new errors.ValidationError('A username has at least 3 characters.');
    const taken = await knex('up_users')
      .whereRaw('LOWER(username) = ?', [name.toLowerCase()])
      .whereNot('id', caller.userId)
      .first('id');
    if (taken) throw new errors.ValidationError('Username is already taken.');
    await knex('up_users').where('id', caller.userId).update({ username: name, updated_at: now });
  }
  if (Object.keys(own).length > 0) {
    await knex('up_users')
      .where('id', caller.userId)
      .update({ ...own, updated_at: now });
  }
  return readProfile(strapi, caller);
};

/** POST /api/profile/avatar (multipart `files`, one image) → the profile. */
export const updateOwnAvatar = async (
  strapi: Core.Strapi,
  callerInput: Caller,
  ctx: unknown,
): Promise<Profile> => {
  const caller = userCaller(callerInput);
  await setAvatar(strapi, caller.userId, ctx);
  return readProfile(strapi, caller);
};
