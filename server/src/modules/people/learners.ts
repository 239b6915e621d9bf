/**
 * Learners (students with their user accounts): the server-paged search, create, edit and delete
 * of docs/api.md "People: batches, learners, faculties, users (issue 9)".
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem, type Caller } from '../../access/caller';
import {
  batchesByDocumentId,
  batchScope,
  assertEmailFree,
  deletePeopleAndAccounts,
  updatePersonAndAccounts,
  idList,
  isRecord,
  knexOf,
  likeOf,
  meta,
  MSG,
  normalDate,
  normalMobile,
  optionalText,
  pageOf,
  roleByType,
  sendSetPasswordEmails,
  storePasswordHash,
  STUDENT,
  text,
  unusablePassword,
  USER,
  validEmail,
  linkedUsers,
  sentOrStored,
  type Body,
  type Knex,
} from './common';

export interface Learner {
  documentId: string;
  StudentName: string;
  Roll_Number: string | null;
  student_email: string | null;
  student_mobile_number: string | null;
  student_enrollment_date: string | null;
  batches: Array<{ documentId: string; Batch: string }>;
  user: { id: number; username: string; blocked: boolean } | null;
}

interface StudentRow {
  id: number;
  document_id: string;
  student_name: string | null;
  roll_number: string | null;
  student_email: string | null;
  student_mobile_number: string | null;
  student_enrollment_date: string | number | Date | null;
}

export const dateText = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

const STUDENT_COLUMNS = [
  's.id',
  's.document_id',
  's.student_name',
  's.roll_number',
  's.student_email',
  's.student_mobile_number',
  's.student_enrollment_date',
];

/** Batch names of these students: student id → batches (by name). */
export const batchesOf = async (
  knex: Knex,
  studentIds: readonly number[],
): Promise<Map<number, Array<{ documentId: string; Batch: string }>>> => {
  const out = new Map<number, Array<{ documentId: string; Batch: string }>>();
  if (studentIds.length === 0) return out;
  const rows = (await knex('batches_students_lnk as l')
    .join('batches as b', 'b.id', 'l.batch_id')
    .whereIn('l.student_id', [...studentIds])
    .orderBy(['b.batch', 'b.id'])
    .select('l.student_id', 'b.document_id', 'b.batch')) as Array<{
    student_id: number;
    document_id: string;
    batch: string;
  }>;
  for (const row of rows) {
    const list = out.get(row.student_id) ?? [];
    list.push({ documentId: row.document_id, Batch: row.batch });
    out.set(row.student_id, list);
  }
  return out;
};

const toLearners = async (knex: Knex, rows: StudentRow[]): Promise<Learner[]> => {
  const ids = rows.map((r) => r.id);
  const batches = await batchesOf(knex, ids);
  const users = new Map<number, { id: number; username: string; blocked: boolean }>();
  if (ids.length > 0) {
    const found = (await knex('up_users_student_lnk as l')
      .join('up_users as u', 'u.id', 'l.user_id')
      .whereIn('l.student_id', ids)
      .select('l.student_id', 'u.id', 'u.username', 'u.blocked')) as Array<{
      student_id: number;
      id: number;
      username: string;
      blocked: boolean | number | null;
    }>;
    for (const u of found) {
      users.set(u.student_id, { id: u.id, username: u.username, blocked: Boolean(u.blocked) });
    }
  }
  return rows.map((r) => ({
    documentId: r.document_id,
    StudentName: r.student_name ?? '',
    Roll_Number: r.roll_number ?? null,
    student_email: r.student_email ?? null,
    student_mobile_number: r.student_mobile_number ?? null,
    student_enrollment_date: dateText(r.student_enrollment_date),
    batches: batches.get(r.id) ?? [],
    user: users.get(r.id) ?? null,
  }));
};

export const learnersByIds = async (
  strapi: Core.Strapi,
  ids: readonly number[],
): Promise<Learner[]> => {
  const knex = knexOf(strapi);
  if (ids.length === 0) return [];
  const rows = (await knex('students as s')
    .whereIn('s.id', [...ids])
    .select(STUDENT_COLUMNS)) as StudentRow[];
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return toLearners(knex, rows);
};

/** The students a search selects (search, batch, the caller's batches), as a query builder. */
export const learnerQuery = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Body,
): Promise<{ q: ReturnType<Knex> }> => {
  const knex = knexOf(strapi);
  const scope = await batchScope(strapi, caller);
  const { search } = pageOf(query);
  const batchId = text(query.batchId);
  const q = knex('students as s');
  if (search) {
    const like = likeOf(search);
    q.where((w) =>
      w
        .whereRaw(`LOWER(s.student_name) LIKE ? ESCAPE '\\'`, [like])
        .orWhereRaw(`LOWER(s.student_email) LIKE ? ESCAPE '\\'`, [like])
        .orWhereRaw(`LOWER(s.roll_number) LIKE ? ESCAPE '\\'`, [like]),
    );
  }
  if (batchId) {
    q.whereExists(
      knex('batches_students_lnk as bl')
        .join('batches as b', 'b.id', 'bl.batch_id')
        .whereRaw('bl.student_id = s.id')
        .where('b.document_id', batchId)
        .select(knex.raw('1')),
    );
  }
  if (scope !== null) {
    q.whereExists(
      knex('batches_students_lnk as sl')
        .whereRaw('sl.student_id = s.id')
        .whereIn('sl.batch_id', scope.length > 0 ? [...scope] : [-1])
        .select(knex.raw('1')),
    );
  }
  // Wrapped: a query builder is a thenable, so an async function returning it would run it.
  return { q };
};

export const listLearners = async (strapi: Core.Strapi, caller: Caller, query: Body) => {
  const { page, pageSize } = pageOf(query);
  const { q: base } = await learnerQuery(strapi, caller, query);
  const counted = (await base.clone().count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  const total = Number(counted?.n ?? 0);
  const rows = (await base
    .clone()
    .orderBy([
      { column: 's.student_name', order: 'asc' },
      { column: 's.id', order: 'asc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .select(STUDENT_COLUMNS)) as StudentRow[];
  return { data: await toLearners(knexOf(strapi), rows), meta: meta(page, pageSize, total) };
};

export interface LearnerInput {
  StudentName: string;
  student_email: string;
  student_mobile_number: string | null;
  Roll_Number: string | null;
  student_enrollment_date: string | null;
  batches: string[] | undefined;
}

/** Checks a learner's fields; throws the contract's 400 messages. */
export const learnerInput = (body: Body): LearnerInput => {
  const name = text(body.StudentName);
  if (!name) throw new errors.ValidationError(MSG.name);
  const email = validEmail(body.student_email);
  if (!email) throw new errors.ValidationError(MSG.email);
  const mobile = normalMobile(body.student_mobile_number);
  if (mobile === false) throw new errors.ValidationError(MSG.mobile);
  const date = normalDate(body.student_enrollment_date);
  if (date === false) throw new errors.ValidationError(MSG.date);
  return {
    StudentName: name,
    student_email: email,
    student_mobile_number: mobile,
    Roll_Number: optionalText(body.Roll_Number),
    student_enrollment_date: date,
    batches: Array.isArray(body.batches) ? idList(body.batches) : undefined,
  };
};

interface Created {
  id: number;
  documentId: string;
}

/** Writes one learner and their account (inside the caller's transaction). */
export const insertLearner = async (
  strapi: Core.Strapi,
  input: LearnerInput,
  roleDocumentId: string,
  passwordHash?: string,
): Promise<{ studentId: number; userId: number }> => {
  const student = (await strapi.documents(STUDENT).create({
    data: {
      StudentName: input.StudentName,
      student_email: input.student_email,
      student_mobile_number: input.student_mobile_number,
      Roll_Number: input.Roll_Number,
      student_enrollment_date: input.student_enrollment_date,
      batches: input.batches ?? [],
    } as never,
    fields: ['id'] as never,
  })) as unknown as Created;
  const user = (await strapi.documents(USER).create({
    data: {
      username: input.student_email,
      email: input.student_email,
      ...(passwordHash ? {} : { password: unusablePassword() }),
      provider: 'local',
      confirmed: true,
      blocked: false,
      UserRole: 'Student',
      role: roleDocumentId,
      student: student.documentId,
    } as never,
    fields: ['id'] as never,
  })) as unknown as Created;
  if (passwordHash) await storePasswordHash(strapi, user.id, passwordHash);
  return { studentId: student.id, userId: user.id };
};

export const studentRole = async (strapi: Core.Strapi): Promise<string> => {
  const role = await roleByType(strapi, 'student');
  if (!role) throw new Error('The student role is missing');
  return role.documentId;
};

export const createLearner = async (strapi: Core.Strapi, body: Body): Promise<Learner> => {
  const input = learnerInput(isRecord(body) ? body : {});
  await batchesByDocumentId(strapi, input.batches ?? []);
  await assertEmailFree(strapi, input.student_email);
  const role = await studentRole(strapi);
  const made = await asSystem(() =>
    strapi.db.transaction(() => insertLearner(strapi, input, role)),
  );
  sendSetPasswordEmails(strapi, [made.userId]);
  return (await learnersByIds(strapi, [made.studentId]))[0];
};

const NOT_FOUND = 'Learner not found.';

const studentByDocumentId = async (strapi: Core.Strapi, documentId: unknown) => {
  const row = (await knexOf(strapi)('students as s')
    .where('s.document_id', text(documentId))
    .first(STUDENT_COLUMNS)) as StudentRow | undefined;
  if (!row) throw new errors.NotFoundError(NOT_FOUND);
  return row;
};

export const updateLearner = async (
  strapi: Core.Strapi,
  documentId: unknown,
  body: Body,
): Promise<Learner> => {
  const row = await studentByDocumentId(strapi, documentId);
  const merged: Body = {
    ...sentOrStored(body, {
      StudentName: row.student_name,
      student_email: row.student_email,
      student_mobile_number: row.student_mobile_number,
      Roll_Number: row.roll_number,
      student_enrollment_date: dateText(row.student_enrollment_date),
    }),
    batches: body.batches,
  };
  const input = learnerInput(merged);
  await batchesByDocumentId(strapi, input.batches ?? []);
  const [link] = await linkedUsers(
    strapi,
    { table: 'up_users_student_lnk', column: 'student_id' },
    row.id,
  );
  await assertEmailFree(strapi, input.student_email, {
    studentId: row.id,
    userId: link?.id ?? null,
  });
  const data: Body = {
    StudentName: input.StudentName,
    student_email: input.student_email,
    student_mobile_number: input.student_mobile_number,
    Roll_Number: input.Roll_Number,
    student_enrollment_date: input.student_enrollment_date,
  };
  if (input.batches !== undefined) data.batches = input.batches;
  await updatePersonAndAccounts(
    strapi,
    { kind: STUDENT, documentId: row.document_id, data },
    input.student_email,
    link ? [link] : [],
  );
  return (await learnersByIds(strapi, [row.id]))[0];
};

export const deleteLearners = async (strapi: Core.Strapi, body: Body) => {
  const documentIds = idList(body.documentIds);
  if (documentIds.length === 0) {
    throw new errors.ValidationError('Choose the learners to delete (documentIds).');
  }
  const knex = knexOf(strapi);
  const students = (await knex('students')
    .whereIn('document_id', documentIds)
    .select('id', 'document_id')) as Array<{
    id: number;
    document_id: string;
  }>;
  const users = (await knex('up_users_student_lnk as l')
    .join('up_users as u', 'u.id', 'l.user_id')
    .whereIn(
      'l.student_id',
      students.map((s) => s.id),
    )
    .select('u.document_id')) as Array<{ document_id: string }>;
  await deletePeopleAndAccounts(strapi, STUDENT, students, users);
  return { data: { deleted: students.length }, message: 'Deleted learner(s) successfully' };
};
