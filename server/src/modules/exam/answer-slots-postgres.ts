/**
 * The PostgreSQL side of the lazy answer rows (answer-slots.ts): the one statement that writes a
 * slot's blank row and its four links (insertSlotRowPostgres), the start-up check of the unique
 * index that lets a first save send it on its own (checkSlotRowsIndex), and the owner filter the
 * attempt's reads of both files share.
 */
import {
  type Db,
  insertRowWithLinks,
  isPostgres,
  type NewRowLink,
  sqlRows,
  sqlText,
} from '../../platform/db/sql';
import { blankAnswerColumns } from './answer-rows';

/** Whose attempt a slot must be: the signed-in user's, or the learner's (by student id). */
export type SlotOwner = { userId: number } | { studentId: number };

/**
 * The join and column that keep an attempt `a` (joined to its learner link `s`) to `owner`'s:
 * `JOIN attempts_student_lnk s ON s.attempt_id = a.id${join}`, then `WHERE ${column} = ?` with `id`.
 */
export const slotOwnerSql = (owner: SlotOwner): { join: string; column: string; id: number } =>
  'userId' in owner
    ? {
        join: ' JOIN up_users_student_lnk u ON u.student_id = s.student_id',
        column: 'u.user_id',
        id: owner.userId,
      }
    : { join: '', column: 's.student_id', id: owner.studentId };

/** The partial unique index that keeps one row per slot (bootstrap/indexes.ts). */
export const SLOT_ROWS_INDEX = 'answers_slot_document_uidx';
let indexed = false;

/**
 * Whether the one-statement first save may run on its own (PostgreSQL): only with the unique
 * index on slot rows, which makes a second row for one slot impossible whatever the timing (two
 * tabs saving the same question's first answer at once). Read once at start-up, after the indexes
 * are made.
 */
export const checkSlotRowsIndex = async (db: Db): Promise<void> => {
  indexed =
    isPostgres(db) &&
    (await sqlRows(db, 'SELECT 1 AS one FROM pg_indexes WHERE indexname = ?', [SLOT_ROWS_INDEX]))
      .length > 0;
};

export const slotRowsIndexed = (): boolean => indexed;

/** A link of the slot row to a column of `t`, the attempt's locked read. */
const linkToT = (table: string, column: string): NewRowLink => ({
  table,
  column,
  value: sqlText(`t.${column}`),
  from: 'ins, t',
});

/**
 * The blank row of a slot and its four links in one statement (PostgreSQL), for the owner of the
 * open attempt, read from the attempt's slots: question and section by the slot's index. The
 * attempt row is locked FOR SHARE for the statement, as a save locks it: a close (which updates
 * that row) and this insert are serialised. A close that went first leaves the attempt ended and
 * nothing is written; one that comes after sees this row and adds only the missing ones. Two
 * first saves of one slot: the unique index keeps one row (ON CONFLICT DO NOTHING). In a
 * transaction that holds the attempt FOR UPDATE already (answer-slots.ts slotRowIn) the lock is
 * that one.
 */
export const insertSlotRowPostgres = (
  db: Db,
  owner: SlotOwner,
  slot: { attempt: string; index: number },
  documentId: string,
): Promise<unknown> => {
  const by = slotOwnerSql(owner);
  return insertRowWithLinks(db, {
    before: {
      sql: `t AS (
        SELECT a.id AS attempt_id, s.student_id AS student_id, tl.test_id AS test_id,
          (a.answer_slots -> 'q' ->> CAST(? AS INTEGER))::integer AS question_id,
          CASE WHEN jsonb_typeof(a.answer_slots -> 's') = 'array'
            THEN (a.answer_slots -> 's' ->> CAST(? AS INTEGER))::integer END AS section
        FROM attempts a
        JOIN attempts_student_lnk s ON s.attempt_id = a.id${by.join}
        JOIN attempts_test_lnk tl ON tl.attempt_id = a.id
        WHERE a.document_id = ? AND ${by.column} = ? AND a.end_date_time IS NULL
        LIMIT 1 FOR SHARE OF a)`,
      bindings: [slot.index, slot.index, slot.attempt, by.id],
    },
    table: 'answers',
    row: blankAnswerColumns(documentId, sqlText('t.section'), new Date()),
    from: 't WHERE t.question_id IS NOT NULL',
    onConflictDoNothing: true,
    idColumn: 'answer_id',
    links: [
      linkToT('answers_attempt_lnk', 'attempt_id'),
      linkToT('answers_question_lnk', 'question_id'),
      linkToT('answers_test_lnk', 'test_id'),
      linkToT('answers_student_lnk', 'student_id'),
    ],
  });
};
