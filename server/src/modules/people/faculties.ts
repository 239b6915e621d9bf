/**
 * Faculty records with their user accounts (role faculty, UserRole "Faculty"): create, edit,
 * delete, the users of a faculty record. The import is import-faculties.ts.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

import {
  deletePeopleAndAccounts,
  FACULTY,
  idList,
  knexOf,
  MSG,
  optionalText,
  text,
  USER,
  sentOrStored,
  type Body,
  type Knex,
  dateText,
  groupByOwner,
} from './common';
import {
  accountsOf,
  contactOf,
  createPersonWithAccount,
  insertPersonWithAccount,
  updatePersonWithAccounts,
} from './person-writes';

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

export const facultiesByIds = async (
  strapi: Core.Strapi,
  ids: readonly number[],
): Promise<Faculty[]> => {
  const knex: Knex = knexOf(strapi);
  if (ids.length === 0) return [];
  const list = [...ids];
  const rows = (await knex('faculties').whereIn('id', list).select('*')) as FacultyRow[];
  const batches = await groupByOwner<{ documentId: string; Batch: string }>(
    knex('batches_faculties_lnk as l')
      .join('batches as b', 'b.id', 'l.batch_id')
      .whereIn('l.faculty_id', list)
      .select('l.faculty_id as owner', 'b.document_id as documentId', 'b.batch as Batch'),
  );
  const courses = await groupByOwner<{ documentId: string; course_name: string }>(
    knex('courses_faculties_lnk as l')
      .join('courses as c', 'c.id', 'l.course_id')
      .whereIn('l.faculty_id', list)
      .select('l.faculty_id as owner', 'c.document_id as documentId', 'c.course_name'),
  );
  const subjects = await groupByOwner<{ documentId: string; SubjectName: string }>(
    knex('faculties_subjects_lnk as l')
      .join('subjects as s', 's.id', 'l.subject_id')
      .whereIn('l.faculty_id', list)
      .select(
        'l.faculty_id as owner',
        's.document_id as documentId',
        's.subject_name as SubjectName',
      ),
  );
  const users = await groupByOwner<{
    id: number;
    username: string;
    blocked: boolean | number | null;
  }>(
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
      faculty_joining_date: dateText(r.faculty_joining_date),
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

const FACULTY_CONTACT = {
  name: 'FacultyName',
  email: 'faculty_email_id',
  mobile: 'faculty_mobile_number',
  date: 'faculty_joining_date',
};

const facultyInput = async (strapi: Core.Strapi, body: Body): Promise<FacultyInput> => {
  const contact = contactOf(body, FACULTY_CONTACT);
  const input: FacultyInput = {
    FacultyName: contact.name,
    faculty_email_id: contact.email,
    faculty_mobile_number: contact.mobile,
    faculty_address: optionalText(body.faculty_address),
    faculty_joining_date: contact.date,
  };
  for (const key of ['batches', 'courses', 'subjects'] as const) {
    if (Array.isArray(body[key])) input[key] = idList(body[key]);
  }
  await ensureKnown(strapi, 'batches', input.batches, MSG.unknownBatch);
  await ensureKnown(strapi, 'courses', input.courses, 'Unknown course.');
  await ensureKnown(strapi, 'subjects', input.subjects, 'Unknown subject.');
  return input;
};

/** A faculty record as written (the links default to none). */
const facultyData = (input: FacultyInput) => ({
  ...input,
  batches: input.batches ?? [],
  courses: input.courses ?? [],
  subjects: input.subjects ?? [],
});

/** Writes one faculty member and their account (inside the caller's transaction). */
export const insertFaculty = (
  strapi: Core.Strapi,
  input: FacultyInput,
  role: string,
  passwordHash?: string,
) =>
  insertPersonWithAccount(
    strapi,
    { kind: 'faculty', email: input.faculty_email_id, data: facultyData(input) },
    role,
    passwordHash,
  );

export const createFaculty = async (strapi: Core.Strapi, body: Body): Promise<Faculty> => {
  const input = await facultyInput(strapi, body);
  const id = await createPersonWithAccount(strapi, {
    kind: 'faculty',
    email: input.faculty_email_id,
    data: facultyData(input),
  });
  return (await facultiesByIds(strapi, [id]))[0];
};

const NOT_FOUND = 'Faculty member not found.';

const facultyRow = async (strapi: Core.Strapi, documentId: unknown): Promise<FacultyRow> => {
  const row = (await knexOf(strapi)('faculties')
    .where('document_id', text(documentId))
    .first('*')) as FacultyRow | undefined;
  if (!row) throw new errors.NotFoundError(NOT_FOUND);
  return row;
};

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
      faculty_joining_date: dateText(row.faculty_joining_date),
    }),
    batches: body.batches,
    courses: body.courses,
    subjects: body.subjects,
  };
  const input = await facultyInput(strapi, merged);
  await updatePersonWithAccounts(strapi, {
    kind: 'faculty',
    id: row.id,
    documentId: row.document_id,
    email: input.faculty_email_id,
    data: input,
  });
  return (await facultiesByIds(strapi, [row.id]))[0];
};

export const deleteFaculty = async (strapi: Core.Strapi, documentId: unknown) => {
  const row = await facultyRow(strapi, documentId);
  const users = await accountsOf(strapi, 'faculty', row.id);
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
