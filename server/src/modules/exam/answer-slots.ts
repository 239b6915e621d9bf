/**
 * Lazy answer rows (issue 25: a cheap start). A start used to write one answer row and four link
 * rows per question (500 rows for a 100-question test, ~3 ms of SQLite's B-tree work per start,
 * the largest part of a start's cost). Now the start writes only the attempt, with its "slots":
 * the question ids in the test's order (fixed at the start, as the rows fixed them) and each
 * question's section. The learner gets, per question, the documentId its answer row WILL have
 * (`<attempt documentId>-<index>`: never a Strapi documentId, which has no '-'), and:
 *
 * - the first save of a question writes its blank row (ensureSlotRow, one small transaction, the
 *   attempt locked on PostgreSQL), then the save's ordinary guarded UPDATE applies every rule
 *   (owner, open, revision, section) as for any row: no second set of rules;
 * - the close (submit, expiry, sweep: close.ts) writes the blank rows of the slots never saved in
 *   its own transaction, before marking; after the close every attempt has one row per question,
 *   exactly as before, for marking, review, regrade, reports and exports;
 * - the learner's read, resume and section moves show a slot without a row as a blank answer
 *   (withSlots).
 *
 * No-loss: a save is acknowledged only after its UPDATE committed on a row that exists (created in
 * an earlier committed transaction); a slot row and the close are serialised by the attempt's row
 * lock (PostgreSQL) or by SQLite's single writer, and the close only adds rows that are missing.
 * Attempts started before this (answer_slots null) keep their eager rows and are read as before.
 * PostgreSQL's one-statement slot row and the check of its unique index: answer-slots-postgres.ts.
 */
import type { Knex } from 'knex';
import { type Db, isPostgres, sqlRows, toNumber } from '../../platform/db/sql';
import { insertBlankAnswers } from './answer-rows';
import {
  insertSlotRowPostgres,
  type SlotOwner,
  slotOwnerSql,
  slotRowsIndexed,
} from './answer-slots-postgres';

/** What the attempt row keeps: question ids in the test's order, and their sections (or null). */
export interface AnswerSlots {
  q: number[];
  s: number[] | null;
}

const SLOT_ID = /^([a-z0-9]{24})-(\d{1,4})$/;
const MAX_SLOTS = 10_000;

export const slotId = (attemptDocumentId: string, index: number): string =>
  `${attemptDocumentId}-${index}`;

export const parseSlotId = (documentId: string): { attempt: string; index: number } | null => {
  const match = SLOT_ID.exec(documentId);
  return match ? { attempt: match[1] as string, index: Number(match[2]) } : null;
};

export const slotsJson = (slots: AnswerSlots): string => JSON.stringify(slots);

const isIntList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length <= MAX_SLOTS && value.every((n) => Number.isInteger(n));

/** The slots stored on an attempt (json: an object on PostgreSQL, a string on SQLite), or null. */
export const storedSlots = (value: unknown): AnswerSlots | null => {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { q, s } = parsed as { q?: unknown; s?: unknown };
  if (!isIntList(q) || (s !== null && s !== undefined && !isIntList(s))) return null;
  return { q, s: isIntList(s) && s.length === q.length ? s : null };
};

interface SlotAttempt {
  id: number;
  document_id: string;
  answer_slots: unknown;
  end_date_time: unknown;
  student_id: number | null;
  test_id: number | null;
}

/**
 * The blank row of the slot `documentId` if it has none yet, for the learner who owns its attempt
 * (by user or by student id): 'created' when this call wrote it, 'exists' when it was there,
 * 'none' when the id is no slot of an attempt of this learner (the caller answers as for an
 * unknown answer).
 */
export const ensureSlotRow = (
  knex: Knex,
  owner: SlotOwner,
  documentId: string,
): Promise<'created' | 'exists' | 'none'> => {
  const slot = parseSlotId(documentId);
  return slot
    ? knex.transaction((trx) => slotRowIn(trx, owner, slot, documentId))
    : Promise.resolve('none');
};

/**
 * How the learner's attempt of the slot `documentId` was closed ('learner' or 'expiry'), or null
 * when the id is no slot of a closed attempt of theirs. A slot never saved has no row until the
 * attempt is marked, which comes after the close (mark-attempt.ts): a save to it in between is
 * refused as for any closed attempt (409), not as an unknown answer.
 */
export const closedSlotAttempt = async (
  knex: Knex,
  userId: number,
  documentId: string,
): Promise<string | null> => {
  const slot = parseSlotId(documentId);
  if (!slot) return null;
  const [attempt] = await sqlRows<{ closed_by: string | null; end_date_time: unknown }>(
    knex,
    `SELECT a.closed_by AS closed_by, a.end_date_time AS end_date_time
      FROM attempts a
      JOIN attempts_student_lnk s ON s.attempt_id = a.id
      JOIN up_users_student_lnk u ON u.student_id = s.student_id
      WHERE a.document_id = ? AND u.user_id = ?
      LIMIT 1`,
    [slot.attempt, userId],
  );
  if (!attempt || attempt.end_date_time === null || attempt.end_date_time === undefined) {
    return null;
  }
  return attempt.closed_by ?? 'expiry';
};

/**
 * The same, then `work` after it when the slot is this learner's (null when it is not): a
 * question's first save writes its row, then its answer.
 * - PostgreSQL, with the unique index on slot rows (slotRowsIndexed): the row in ONE autocommit
 *   statement (insertSlotRowPostgres), then `work` on its own: three round trips for a first save
 *   (the UPDATE that missed, the row, the UPDATE) instead of seven with BEGIN, the attempt's lock,
 *   the look for the row and COMMIT (bench/exam-load --db=postgres --serial: each round trip costs
 *   the server ~0.35 ms of CPU). `work` runs even when the slot was not the learner's: its guarded
 *   UPDATE matches nothing then, and the caller answers as for an unknown answer.
 * - Otherwise (SQLite, or no index): one transaction, the attempt locked until the answer is
 *   stored.
 */
export const withSlotRow = async <T>(
  knex: Knex,
  owner: { userId: number },
  documentId: string,
  work: (db: Db) => Promise<T>,
): Promise<T | null> => {
  const slot = parseSlotId(documentId);
  if (!slot) return null;
  if (slotRowsIndexed() && isPostgres(knex)) {
    await insertSlotRowPostgres(knex, owner, slot, documentId);
    return work(knex);
  }
  return knex.transaction(async (trx) =>
    (await slotRowIn(trx, owner, slot, documentId)) === 'none' ? null : work(trx),
  );
};

/**
 * In one transaction: the attempt locked (FOR UPDATE on PostgreSQL) until the caller commits, the
 * slot's row looked for, and written when missing and the attempt is open.
 */
const slotRowIn = async (
  trx: Knex.Transaction,
  owner: SlotOwner,
  slot: { attempt: string; index: number },
  documentId: string,
): Promise<'created' | 'exists' | 'none'> => {
  const by = slotOwnerSql(owner);
  const [attempt] = await sqlRows<SlotAttempt>(
    trx,
    `SELECT a.id AS id, a.document_id AS document_id, a.answer_slots AS answer_slots,
        a.end_date_time AS end_date_time, s.student_id AS student_id, tl.test_id AS test_id
      FROM attempts a
      JOIN attempts_student_lnk s ON s.attempt_id = a.id${by.join}
      LEFT JOIN attempts_test_lnk tl ON tl.attempt_id = a.id
      WHERE a.document_id = ? AND ${by.column} = ?
      LIMIT 1${isPostgres(trx) ? ' FOR UPDATE OF a' : ''}`,
    [slot.attempt, by.id],
  );
  const slots = attempt ? storedSlots(attempt.answer_slots) : null;
  const questionId = slots?.q[slot.index];
  if (!attempt || !slots || questionId === undefined || attempt.test_id === null) {
    return 'none';
  }
  const [existing] = await sqlRows(trx, 'SELECT id FROM answers WHERE document_id = ? LIMIT 1', [
    documentId,
  ]);
  if (existing) return 'exists';
  if (attempt.end_date_time !== null && attempt.end_date_time !== undefined) {
    return 'none'; // closed and not marked yet: the save answers 409 (closedSlotAttempt)
  }
  if (isPostgres(trx)) {
    // The same one statement as a first save's; the attempt is locked already.
    await insertSlotRowPostgres(trx, owner, slot, documentId);
  } else {
    await insertBlankAnswers(trx, {
      attemptId: attempt.id,
      studentId: Number(attempt.student_id),
      work: { kind: 'test', id: Number(attempt.test_id) },
      questionIds: [questionId],
      documentIds: [documentId],
      now: new Date(),
      sections: slots.s ? [slots.s[slot.index] ?? 0] : null,
    });
  }
  return 'created';
};

/**
 * In the close's transaction (after its UPDATE won the attempt): the blank rows of the slots that
 * were never saved, so the closed attempt has one row per question as before issue 25.
 */
export const materializeSlots = async (
  trx: Knex.Transaction,
  attempt: {
    id: number;
    documentId: string;
    slots: unknown;
    testId: number | null;
    studentId: number | null;
  },
  now: Date,
): Promise<void> => {
  const slots = storedSlots(attempt.slots);
  if (!slots || attempt.testId === null || attempt.studentId === null) return;
  const have = new Set(
    (
      await sqlRows<{ document_id: string }>(
        trx,
        `SELECT a.document_id AS document_id FROM answers_attempt_lnk aa
          JOIN answers a ON a.id = aa.answer_id WHERE aa.attempt_id = ?`,
        [attempt.id],
      )
    ).map((r) => r.document_id),
  );
  const missing = slots.q
    .map((questionId, index) => ({ questionId, index, id: slotId(attempt.documentId, index) }))
    .filter((m) => !have.has(m.id));
  if (missing.length === 0) return;
  await insertBlankAnswers(trx, {
    attemptId: attempt.id,
    studentId: attempt.studentId,
    work: { kind: 'test', id: attempt.testId },
    questionIds: missing.map((m) => m.questionId),
    documentIds: missing.map((m) => m.id),
    now,
    sections: slots.s ? missing.map((m) => slots.s?.[m.index] ?? 0) : null,
  });
};

type LearnerAnswer = Record<string, unknown> & { documentId?: unknown; question: unknown };

/**
 * The learner's answers of an attempt with slots: per slot (the test's order), its row when it has
 * one, else a blank answer. `questionDocs` gives the question documentIds by id.
 */
export const withSlots = async (
  db: Db,
  attemptDocumentId: string,
  slotsValue: unknown,
  rows: LearnerAnswer[],
  questionDocs: Map<number, string>,
): Promise<LearnerAnswer[]> => {
  const slots = storedSlots(slotsValue);
  if (!slots) return rows;
  const unknownIds = slots.q.filter((id) => !questionDocs.has(id));
  const docs = new Map(questionDocs);
  if (unknownIds.length > 0) {
    // A question removed from the test after the start: its documentId from the question itself.
    const found = await sqlRows<{ id: unknown; document_id: string }>(
      db,
      `SELECT id, document_id FROM questions WHERE id IN (${unknownIds.map(() => '?').join(', ')})`,
      unknownIds,
    );
    for (const r of found) docs.set(Number(r.id), r.document_id);
  }
  const byId = new Map(rows.map((r) => [String(r.documentId), r]));
  return slots.q.map((questionId, index) => {
    const id = slotId(attemptDocumentId, index);
    return (
      byId.get(id) ?? {
        documentId: id,
        question: docs.get(questionId) ?? null,
        selected_answer: null,
        mark_as_important: false,
        revision: 0,
        checked: false,
        section: toNumber(slots.s?.[index]) ?? null,
      }
    );
  });
};
