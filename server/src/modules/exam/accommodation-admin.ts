/**
 * Staff manage a test's accommodations (issue 23): GET/POST /api/tests/:documentId/accommodations,
 * PUT/DELETE …/accommodations/:accommodationId. Learners never reach these rows: the content type
 * has no generic routes and no role is granted its generic actions (access/permission-table.ts).
 *
 * Why custom calls: one row names exactly one learner or one batch the caller may see, with
 * bounded numbers and a window whose end follows its start; a refused write changes nothing.
 */
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { UID } from '../../access/rules';
import { findVisible } from '../../access/visibility';
import {
  documentIdOf,
  insertLinks,
  insertReturningIds,
  iso,
  knexOf,
  sqlRows,
  systemColumns,
  toNumber,
  type Db,
} from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { staffTestId } from './staff-test';

type Data = Record<string, unknown>;

/** Bounds of one accommodation and of a test's list. */
export const ACCOMMODATION_LIMITS = {
  extraMinutes: 10_000,
  extraPercent: 300,
  extraAttempts: 100,
  note: 1000,
  perTest: 1000,
} as const;

interface Terms {
  student: number | null;
  batch: number | null;
  extra_minutes: number;
  extra_percent: number;
  extra_attempts: number;
  window_from: Date | null;
  window_to: Date | null;
  note: string | null;
}

const staffTest = (strapi: Core.Strapi, caller: Caller, input: unknown) =>
  staffTestId(strapi, caller, input, 'manage accommodations');

const LIST_SQL = `SELECT acc.id, acc.document_id, acc.extra_minutes, acc.extra_percent,
  acc.extra_attempts, acc.window_from, acc.window_to, acc.note, acc.created_at, acc.updated_at,
  s.id AS student_id, s.document_id AS student_document_id, s.student_name AS student_name,
  b.id AS batch_id, b.document_id AS batch_document_id, b.batch AS batch_name
  FROM accommodations acc
  JOIN accommodations_test_lnk t ON t.accommodation_id = acc.id
  LEFT JOIN accommodations_student_lnk sl ON sl.accommodation_id = acc.id
  LEFT JOIN students s ON s.id = sl.student_id
  LEFT JOIN accommodations_batch_lnk bl ON bl.accommodation_id = acc.id
  LEFT JOIN batches b ON b.id = bl.batch_id
  WHERE t.test_id = ?`;

const rowsOf = async (db: Db, testId: number, documentId?: string): Promise<Data[]> => {
  const query = documentId ? `${LIST_SQL} AND acc.document_id = ?` : `${LIST_SQL}`;
  const params = documentId ? [testId, documentId] : [testId];
  return sqlRows<Data>(db, `${query} ORDER BY acc.id ASC`, params);
};

const shapeOf = (row: Data): Data => ({
  documentId: row.document_id,
  student: row.student_document_id
    ? {
        id: toNumber(row.student_id),
        documentId: row.student_document_id,
        StudentName: row.student_name ?? null,
      }
    : null,
  batch: row.batch_document_id
    ? {
        id: toNumber(row.batch_id),
        documentId: row.batch_document_id,
        Batch: row.batch_name ?? null,
      }
    : null,
  extra_minutes: toNumber(row.extra_minutes) ?? 0,
  extra_percent: toNumber(row.extra_percent) ?? 0,
  extra_attempts: toNumber(row.extra_attempts) ?? 0,
  window_from: iso(row.window_from),
  window_to: iso(row.window_to),
  note: (row.note as string | null) ?? null,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const bad = (message: string): never => {
  throw new HttpError(400, message);
};

const whole = (value: unknown, name: string, max: number): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    return bad(`${name} must be a whole number.`);
  }
  if (n < 0) {
    return bad(`${name} cannot be negative.`);
  }
  if (n > max) {
    return bad(`${name} cannot be more than ${max}.`);
  }
  return n;
};

const dateOf = (value: unknown, name: string): Date | null => {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : bad(`${name} is not a date.`);
};

/** A learner or batch reference the caller may see (a documentId), or null when not sent. */
const refOf = async (
  strapi: Core.Strapi,
  caller: Caller,
  uid: string,
  value: unknown,
  name: string,
): Promise<number | null> => {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const documentId =
    documentIdOf(value) ?? documentIdOf((value as { documentId?: unknown }).documentId);
  if (!documentId) {
    return bad(`${name} must be a documentId.`);
  }
  const [row] = await findVisible(strapi, caller, uid, { ids: [], documentIds: [documentId] });
  return row ? row.id : bad(`Unknown ${name}.`);
};

/** The terms of the request, over `current` (an update changes only the fields it sends). */
const termsOf = async (
  strapi: Core.Strapi,
  caller: Caller,
  body: unknown,
  current: Terms | null,
): Promise<Terms> => {
  const raw = (body as { data?: unknown } | null)?.data ?? body;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return bad('Send the accommodation as { data: { … } }.');
  }
  const input = raw as Data;
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(input, key);
  const base: Terms = current ?? {
    student: null,
    batch: null,
    extra_minutes: 0,
    extra_percent: 0,
    extra_attempts: 0,
    window_from: null,
    window_to: null,
    note: null,
  };
  const terms: Terms = { ...base };
  if (has('student') || has('batch')) {
    terms.student = has('student')
      ? await refOf(strapi, caller, UID.student, input.student, 'learner')
      : null;
    terms.batch = has('batch')
      ? await refOf(strapi, caller, UID.batch, input.batch, 'batch')
      : null;
  }
  if ((terms.student === null) === (terms.batch === null)) {
    bad('Name exactly one learner or one batch.');
  }
  const L = ACCOMMODATION_LIMITS;
  if (has('extra_minutes')) {
    terms.extra_minutes = whole(input.extra_minutes ?? 0, 'Extra minutes', L.extraMinutes);
  }
  if (has('extra_percent')) {
    terms.extra_percent = whole(input.extra_percent ?? 0, 'Extra percent', L.extraPercent);
  }
  if (has('extra_attempts')) {
    terms.extra_attempts = whole(input.extra_attempts ?? 0, 'Extra attempts', L.extraAttempts);
  }
  if (has('window_from')) {
    terms.window_from = dateOf(input.window_from, 'Window start');
  }
  if (has('window_to')) {
    terms.window_to = dateOf(input.window_to, 'Window end');
  }
  if (terms.window_from && terms.window_to && terms.window_to <= terms.window_from) {
    bad('The window end must be after its start.');
  }
  if (has('note')) {
    const note = input.note;
    if (note !== null && note !== undefined && typeof note !== 'string') {
      bad('The note must be text.');
    }
    const text = typeof note === 'string' ? note.trim() : '';
    if (text.length > L.note) {
      bad(`The note cannot be longer than ${L.note} characters.`);
    }
    terms.note = text === '' ? null : text;
  }
  return terms;
};

/** Another accommodation of the test for the same learner or batch (one each). */
const duplicateOf = async (
  db: Db,
  testId: number,
  terms: Terms,
  exceptId: number | null,
): Promise<boolean> => {
  const query = db('accommodations as acc')
    .join('accommodations_test_lnk as t', 't.accommodation_id', 'acc.id')
    .where('t.test_id', testId);
  if (terms.student !== null) {
    query
      .join('accommodations_student_lnk as s', 's.accommodation_id', 'acc.id')
      .where('s.student_id', terms.student);
  } else {
    query
      .join('accommodations_batch_lnk as b', 'b.accommodation_id', 'acc.id')
      .where('b.batch_id', terms.batch);
  }
  if (exceptId !== null) {
    query.whereNot('acc.id', exceptId);
  }
  return (await query.first('acc.id')) !== undefined;
};

const columnsOf = (terms: Terms): Data => ({
  extra_minutes: terms.extra_minutes,
  extra_percent: terms.extra_percent,
  extra_attempts: terms.extra_attempts,
  window_from: terms.window_from,
  window_to: terms.window_to,
  note: terms.note,
});

const linkWho = async (db: Db, id: number, terms: Terms): Promise<void> => {
  await db('accommodations_student_lnk').where('accommodation_id', id).delete();
  await db('accommodations_batch_lnk').where('accommodation_id', id).delete();
  if (terms.student !== null) {
    await insertLinks(db, 'accommodations_student_lnk', [
      { accommodation_id: id, student_id: terms.student },
    ]);
  } else {
    await insertLinks(db, 'accommodations_batch_lnk', [
      { accommodation_id: id, batch_id: terms.batch },
    ]);
  }
};

/** GET: the test's accommodations, oldest first. */
export const listAccommodations = async (
  strapi: Core.Strapi,
  caller: Caller,
  testInput: unknown,
): Promise<Data[]> => {
  const testId = await staffTest(strapi, caller, testInput);
  return (await rowsOf(knexOf(strapi), testId)).map(shapeOf);
};

/** POST: a new accommodation; 409 when the learner or batch already has one on this test. */
export const createAccommodation = async (
  strapi: Core.Strapi,
  caller: Caller,
  testInput: unknown,
  body: unknown,
): Promise<Data> => {
  const testId = await staffTest(strapi, caller, testInput);
  const terms = await termsOf(strapi, caller, body, null);
  const knex = knexOf(strapi);
  const documentId = await knex.transaction(async (trx) => {
    const [count] = (await trx('accommodations_test_lnk')
      .where('test_id', testId)
      .count({ n: '*' })) as Array<{ n: unknown }>;
    if ((toNumber(count?.n) ?? 0) >= ACCOMMODATION_LIMITS.perTest) {
      throw new HttpError(
        409,
        `A test has at most ${ACCOMMODATION_LIMITS.perTest} accommodations.`,
      );
    }
    if (await duplicateOf(trx, testId, terms, null)) {
      throw new HttpError(409, 'This learner or batch already has an accommodation on this test.');
    }
    const [row] = await insertReturningIds(trx, 'accommodations', [
      { ...systemColumns(new Date()), ...columnsOf(terms) },
    ]);
    await insertLinks(trx, 'accommodations_test_lnk', [
      { accommodation_id: row.id, test_id: testId },
    ]);
    await linkWho(trx, row.id, terms);
    return row.document_id;
  });
  const [created] = await rowsOf(knex, testId, documentId);
  return shapeOf(created);
};

const findOne = async (db: Db, testId: number, input: unknown): Promise<Data> => {
  const documentId = documentIdOf(input);
  const [row] = documentId ? await rowsOf(db, testId, documentId) : [];
  if (!row) {
    throw new HttpError(404, 'Unknown accommodation.');
  }
  return row;
};

/** PUT: changes the fields sent (the same checks as a new one). */
export const updateAccommodation = async (
  strapi: Core.Strapi,
  caller: Caller,
  testInput: unknown,
  accommodationInput: unknown,
  body: unknown,
): Promise<Data> => {
  const testId = await staffTest(strapi, caller, testInput);
  const knex = knexOf(strapi);
  const row = await findOne(knex, testId, accommodationInput);
  const current: Terms = {
    student: toNumber(row.student_id),
    batch: toNumber(row.batch_id),
    extra_minutes: toNumber(row.extra_minutes) ?? 0,
    extra_percent: toNumber(row.extra_percent) ?? 0,
    extra_attempts: toNumber(row.extra_attempts) ?? 0,
    window_from: row.window_from ? new Date(iso(row.window_from) ?? '') : null,
    window_to: row.window_to ? new Date(iso(row.window_to) ?? '') : null,
    note: (row.note as string | null) ?? null,
  };
  const terms = await termsOf(strapi, caller, body, current);
  const id = Number(row.id);
  await knex.transaction(async (trx) => {
    if (await duplicateOf(trx, testId, terms, id)) {
      throw new HttpError(409, 'This learner or batch already has an accommodation on this test.');
    }
    await trx('accommodations')
      .where('id', id)
      .update({ ...columnsOf(terms), updated_at: new Date() });
    await linkWho(trx, id, terms);
  });
  const [updated] = await rowsOf(knex, testId, String(row.document_id));
  return shapeOf(updated);
};

/** DELETE: removes it; attempts already started keep their expiry. */
export const deleteAccommodation = async (
  strapi: Core.Strapi,
  caller: Caller,
  testInput: unknown,
  accommodationInput: unknown,
): Promise<Data> => {
  const testId = await staffTest(strapi, caller, testInput);
  const knex = knexOf(strapi);
  const row = await findOne(knex, testId, accommodationInput);
  const id = Number(row.id);
  await knex.transaction(async (trx) => {
    for (const table of [
      'accommodations_test_lnk',
      'accommodations_student_lnk',
      'accommodations_batch_lnk',
    ]) {
      await trx(table).where('accommodation_id', id).delete();
    }
    await trx('accommodations').where('id', id).delete();
  });
  return shapeOf(row);
};
