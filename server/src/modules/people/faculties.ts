/**
 * Faculty records with their user accounts (role faculty, UserRole "Faculty"): create, edit,
 * delete, the users of a faculty record. The import is import-faculties.ts.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem } from '../../access/caller';
import {
  assertEmailFree,
  deletePeopleAndAccounts,
  updatePersonAndAccounts,
  storePasswordHash,
  FACULTY,
  idList,
  knexOf,
  MSG,
  normalDate,
  normalMobile,
  optionalText,
  roleByType,
  sendSetPasswordEmails,
  text,
  unusablePassword,
  USER,
  validEmail,
  linkedUsers,
  sentOrStored,
  type Body,
  type Knex,
} from './common';

export interface Faculty {
  documentId: string;
  FacultyName: string;
  faculty_email_id: string | null;
  faculty_mobile_number: string | null;
  faculty_address: string | null;
  faculty_joining_date: string | null;
  batches: Array<{ documentId: string; Batch: string }>;
  courses: Array<{ documentId: string; course_name: string }>;
  subjects: Array<{ documentId: string; SubjectName: string }>;
  user: { id: number; username: string; blocked: boolean } | null;
}

interface FacultyRow {
  id: number;
  document_id: string;
  faculty_name: string | null;
  faculty_email_id: string | null;
  faculty_mobile_number: string | null;
  faculty_address: string | null;
  faculty_joining_date: unknown;
}

const day = (value: unknown): string | null =>
  value === null || value === undefined || value === ''
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

const group = async <T>(rows: Promise<Array<{ owner: number } & T>>): Promise<Map<number, T[]>> => {
  const out = new Map<number, T[]>();
  for (const { owner, ...rest } of await rows) {
    const list = out.get(owner) ?? [];
    list.push(rest as unknown as T);
    out.set(owner, list);
  }
  return out;
};

export const facultiesByIds = async (
  strapi: Core.Strapi,
  ids: readonly number[],
): Promise<Faculty[]> => {
  const knex: Knex = knexOf(strapi);
  if (ids.length === 0) return [];
  const list = [...ids];
  const rows = (await knex('faculties').whereIn('id', list).select('*')) as FacultyRow[];
  const batches = await group<{ documentId: string; Batch: string }>(
    knex('batches_faculties_lnk as l')
      .join('batches as b', 'b.id', 'l.batch_id')
      .whereIn('l.faculty_id', list)
      .select('l.faculty_id as owner', 'b.document_id as documentId', 'b.batch as Batch'),
  );
  const courses = await group<{ documentId: string; course_name: string }>(
    knex('courses_faculties_lnk as l')
      .join('courses as c', 'c.id', 'l.course_id')
      .whereIn('l.faculty_id', list)
      .select('l.faculty_id as owner', 'c.document_id as documentId', 'c.course_name'),
  );
  const subjects = await group<{ documentId: string; SubjectName: string }>(
    knex('faculties_subjects_lnk as l')
      .join('subjects as s', 's.id', 'l.subject_id')
      .whereIn('l.faculty_id', list)
      .select(
        'l.faculty_id as owner',
        's.document_id as documentId',
        's.subject_name as SubjectName',
      ),
  );
  const users = await group<{ id: number; username: string; blocked: boolean | number | null }>(
    knex('up_users_faculty_lnk as l')
      .join('up_users as u', 'u.id', 'l.user_id')
      .whereIn('l.faculty_id', list)
      .select('l.faculty_id as owner', 'u.id', 'u.username', 'u.blocked'),
  );
  const order = new Map(list.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return rows.map((r) => {
    const user = users.get(r.id)?.[0];
    return {
      documentId: r.document_id,
      FacultyName: r.faculty_name ?? '',
      faculty_email_id: r.faculty_email_id ?? null,
      faculty_mobile_number: r.faculty_mobile_number ?? null,
      faculty_address: r.faculty_address ?? null,
      faculty_joining_date: day(r.faculty_joining_date),
      batches: batches.get(r.id) ?? [],
      courses: courses.get(r.id) ?? [],
      subjects: subjects.get(r.id) ?? [],
      user: user ? { id: user.id, username: user.username, blocked: Boolean(user.blocked) } : null,
    };
  });
};

export interface FacultyInput {
  FacultyName: string;
  faculty_email_id: string;
  faculty_mobile_number: string | null;
  faculty_address: string | null;
  faculty_joining_date: string | null;
  batches?: string[];
  courses?: string[];
  subjects?: string[];
}

const ensureKnown = async (
  strapi: Core.Strapi,
  table: string,
  ids: string[] | undefined,
  message: string,
) => {
  if (!ids || ids.length === 0) return;
  const rows = (await knexOf(strapi)(table).whereIn('document_id', ids).select('id')) as unknown[];
  if (rows.length !== ids.length) throw new errors.ValidationError(message);
};

const facultyInput = async (strapi: Core.Strapi, body: Body): Promise<FacultyInput> => {
  const name = text(body.FacultyName);
  if (!name) throw new errors.ValidationError(MSG.name);
  const email = validEmail(body.faculty_email_id);
  if (!email) throw new errors.ValidationError(MSG.email);
  const mobile = normalMobile(body.faculty_mobile_number);
  if (mobile === false) throw new errors.ValidationError(MSG.mobile);
  const date = normalDate(body.faculty_joining_date);
  if (date === false) throw new errors.ValidationError(MSG.date);
  const input: FacultyInput = {
    FacultyName: name,
    faculty_email_id: email,
    faculty_mobile_number: mobile,
    faculty_address: optionalText(body.faculty_address),
    faculty_joining_date: date,
  };
  for (const key of ['batches', 'courses', 'subjects'] as const) {
    if (Array.isArray(body[key])) input[key] = idList(body[key]);
  }
  await ensureKnown(strapi, 'batches', input.batches, MSG.unknownBatch);
  await ensureKnown(strapi, 'courses', input.courses, 'Unknown course.');
  await ensureKnown(strapi, 'subjects', input.subjects, 'Unknown subject.');
  return input;
};

export const facultyRole = async (strapi: Core.Strapi): Promise<string> => {
  const role = await roleByType(strapi, 'faculty');
  if (!role) throw new Error('The faculty role is missing');
  return role.documentId;
};

export const insertFaculty = async (
  strapi: Core.Strapi,
  input: FacultyInput,
  role: string,
  passwordHash?: string,
) => {
  const faculty = (await strapi.documents(FACULTY).create({
    data: {
      ...input,
      batches: input.batches ?? [],
      courses: input.courses ?? [],
      subjects: input.subjects ?? [],
    } as never,
  })) as unknown as { id: number; documentId: string };
  const user = (await strapi.documents(USER).create({
    data: {
      username: input.faculty_email_id,
      email: input.faculty_email_id,
      ...(passwordHash ? {} : { password: unusablePassword() }),
      provider: 'local',
      confirmed: true,
      blocked: false,
      UserRole: 'Faculty',
      role,
      faculty: faculty.documentId,
    } as never,
  })) as unknown as { id: number };
  if (passwordHash) await storePasswordHash(strapi, user.id, passwordHash);
  return { facultyId: faculty.id, userId: user.id };
};

export const createFaculty = async (strapi: Core.Strapi, body: Body): Promise<Faculty> => {
  const input = await facultyInput(strapi, body);
  await assertEmailFree(strapi, input.faculty_email_id);
  const role = await facultyRole(strapi);
  const made = await asSystem(() =>
    strapi.db.transaction(() => insertFaculty(strapi, input, role)),
  );
  sendSetPasswordEmails(strapi, [made.userId]);
  return (await facultiesByIds(strapi, [made.facultyId]))[0];
};

const NOT_FOUND = 'Faculty member not found.';

const facultyRow = async (strapi: Core.Strapi, documentId: unknown): Promise<FacultyRow> => {
  const row = (await knexOf(strapi)('faculties')
    .where('document_id', text(documentId))
    .first('*')) as FacultyRow | undefined;
  if (!row) throw new errors.NotFoundError(NOT_FOUND);
  return row;
};

const userOfFaculty = (strapi: Core.Strapi, facultyId: number) =>
  linkedUsers(strapi, { table: 'up_users_faculty_lnk', column: 'faculty_id' }, facultyId);

export const updateFaculty = async (
  strapi: Core.Strapi,
  documentId: unknown,
  body: Body,
): Promise<Faculty> => {
  const row = await facultyRow(strapi, documentId);
  const merged: Body = {
    ...sentOrStored(body, {
      FacultyName: row.faculty_name,
      faculty_email_id: row.faculty_email_id,
      faculty_mobile_number: row.faculty_mobile_number,
      faculty_address: row.faculty_address,
      faculty_joining_date: day(row.faculty_joining_date),
    }),
    batches: body.batches,
    courses: body.courses,
    subjects: body.subjects,
  };
  const input = await facultyInput(strapi, merged);
  const users = await userOfFaculty(strapi, row.id);
  await assertEmailFree(strapi, input.faculty_email_id, {
    facultyId: row.id,
    userId: users[0]?.id ?? null,
  });
  await updatePersonAndAccounts(
    strapi,
    { kind: FACULTY, documentId: row.document_id, data: input },
    input.faculty_email_id,
    users,
  );
  return (await facultiesByIds(strapi, [row.id]))[0];
};

export const deleteFaculty = async (strapi: Core.Strapi, documentId: unknown) => {
  const row = await facultyRow(strapi, documentId);
  const users = await userOfFaculty(strapi, row.id);
  await deletePeopleAndAccounts(strapi, FACULTY, [row], users);
  return { data: { deleted: 1 }, message: 'Faculty deleted successfully' };
};

export const facultyUsers = async (strapi: Core.Strapi, documentId: unknown) => {
  const row = await facultyRow(strapi, documentId);
  const knex = knexOf(strapi);
  const users = (await knex('up_users_faculty_lnk as l')
    .join('up_users as u', 'u.id', 'l.user_id')
    .where('l.faculty_id', row.id)
    .select('u.id', 'u.username', 'u.email')) as Array<{
    id: number;
    username: string;
    email: string;
  }>;
  const avatars = await avatarsOf(
    knex,
    users.map((u) => u.id),
  );
  return { data: users.map((u) => ({ ...u, avatar: avatars.get(u.id) ?? null })) };
};

/** users id → avatar {url}, from the upload plugin's morph table. */
export const avatarsOf = async (
  knex: Knex,
  userIds: readonly number[],
): Promise<Map<number, { url: string }>> => {
  const out = new Map<number, { url: string }>();
  if (userIds.length === 0) return out;
  const rows = (await knex('files_related_mph as m')
    .join('files as f', 'f.id', 'm.file_id')
    .where('m.related_type', USER)
    .where('m.field', 'avatar')
    .whereIn('m.related_id', [...userIds])
    .select('m.related_id', 'f.url')) as Array<{ related_id: number; url: string }>;
  for (const r of rows) out.set(r.related_id, { url: r.url });
  return out;
};
