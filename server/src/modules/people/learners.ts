/**
 * Learners (students with their user accounts): the server-paged search, create, edit and delete
 * of docs/api.md "People: batches, learners, faculties, users (issue 9)".
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { type Caller } from '../../access/caller';
import {
  batchesByDocumentId,
  batchScope,
  deletePeopleAndAccounts,
  idList,
  isRecord,
  knexOf,
  optionalText,
  pageOf,
  STUDENT,
  text,
  sentOrStored,
  type Body,
  type Knex,
  dateText,
  pagedRows,
  whereAnyContains,
} from './common';
import {
  contactOf,
  createPersonWithAccount,
  insertPersonWithAccount,
  updatePersonWithAccounts,
} from './person-writes';

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
  if (search) whereAnyContains(q, ['s.student_name', 's.student_email', 's.roll_number'], search);
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
  const { rows, meta } = await pagedRows<StudentRow>(
    base,
    { page, pageSize },
    [
      { column: 's.student_name', order: 'asc' },
      { column: 's.id', order: 'asc' },
    ],
    STUDENT_COLUMNS,
  );
  return { data: await toLearners(knexOf(strapi), rows), meta };
};

export interface LearnerInput {
  StudentName: string;
  student_email: string;
  student_mobile_number: string | null;
  Roll_Number: string | null;
  student_enrollment_date: string | null;
  batches: string[] | undefined;
}

const LEARNER_CONTACT = {
  name: 'StudentName',
  email: 'student_email',
  mobile: 'student_mobile_number',
  date: 'student_enrollment_date',
};

/** Checks a learner's fields; throws the contract's 400 messages. */
export const learnerInput = (body: Body): LearnerInput => {
  const contact = contactOf(body, LEARNER_CONTACT);
  return {
    StudentName: contact.name,
    student_email: contact.email,
    student_mobile_number: contact.mobile,
    Roll_Number: optionalText(body.Roll_Number),
    student_enrollment_date: contact.date,
    batches: Array.isArray(body.batches) ? idList(body.batches) : undefined,
  };
};

/** A learner's record as written (the batches default to none). */
const learnerData = (input: LearnerInput) => ({ ...input, batches: input.batches ?? [] });

/** Writes one learner and their account (inside the caller's transaction). */
export const insertLearner = (
  strapi: Core.Strapi,
  input: LearnerInput,
  role: string,
  passwordHash?: string,
) =>
  insertPersonWithAccount(
    strapi,
    { kind: 'student', email: input.student_email, data: learnerData(input) },
    role,
    passwordHash,
  );

export const createLearner = async (strapi: Core.Strapi, body: Body): Promise<Learner> => {
  const input = learnerInput(isRecord(body) ? body : {});
  await batchesByDocumentId(strapi, input.batches ?? []);
  const id = await createPersonWithAccount(strapi, {
    kind: 'student',
    email: input.student_email,
    data: learnerData(input),
  });
  return (await learnersByIds(strapi, [id]))[0];
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
  const { batches, ...data } = input;
  await updatePersonWithAccounts(strapi, {
    kind: 'student',
    id: row.id,
    documentId: row.document_id,
    email: input.student_email,
    data: batches === undefined ? data : input,
  });
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
