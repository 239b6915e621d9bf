// Saving one answer: the hot path.
import type { Core } from '@strapi/strapi';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { closeAttempt } from './close';
import { kindOf } from './marking';
import {
  answerShapeOf,
  kindCondition,
  takes,
  WRONG_SHAPE,
  type AnswerShape,
} from './answer-shapes';
import {
  type Db,
  shareLock,
  sqlRows,
  toBool,
  toDate,
  toNumber,
  documentIdOf,
  knexOf,
} from '../../platform/db/sql';
import type { Data } from './attempt-rows';
import { ALREADY_SUBMITTED } from './attempt-rows';
import { HttpError } from '../../platform/http/errors';
import { parseEvents, recordEvents } from './integrity';
import { sectionRefusal } from './section-move';
import { closedSlotAttempt, parseSlotId, withSlotRow } from './answer-slots';

// ---------------------------------------------------------------------------------------------
// Save an answer (the hot path: one guarded UPDATE, one read of the stored state)

export interface SaveInput {
  selected_answer?: unknown;
  mark_as_important?: unknown;
  revision?: unknown;
  /** The integrity log's events riding with this save (integrity.ts); optional. */
  events?: unknown;
}

/** The body fields of the lean save; a learner's PUT carrying any of them takes that path. */
export const LEAN_SAVE_FIELDS = ['selected_answer', 'mark_as_important', 'revision'] as const;

/** A request body's `data` when it is an answer save (an object with a save field); else null. */
export const leanSaveInput = (data: unknown): SaveInput | null =>
  typeof data === 'object' &&
  data !== null &&
  !Array.isArray(data) &&
  LEAN_SAVE_FIELDS.some((key) => key in data)
    ? (data as SaveInput)
    : null;

export const saveAnswer = (
  strapi: Core.Strapi,
  userId: number,
  documentIdInput: unknown,
  input: SaveInput,
  ip: string | null = null,
): Promise<Data> => applySave(strapi, userId, documentIdInput, input, ip);

const applySave = async (
  strapi: Core.Strapi,
  userId: number,
  documentIdInput: unknown,
  input: SaveInput,
  ip: string | null,
): Promise<Data> => {
  const documentId = documentIdOf(documentIdInput);
  if (!documentId) {
    throw new HttpError(404, 'Unknown answer.');
  }
  const revision = input.revision;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0) {
    throw new HttpError(400, 'Send the revision (a whole number that increases with each save).');
  }
  const events = parseEvents(input.events); // 400 before anything is saved when not an array
  const changes: Data = {};
  // The shape is checked here (400, nothing saved); its question's type in the UPDATE (issue 26).
  let shape: AnswerShape = { stored: null, kind: null };
  if ('selected_answer' in input) {
    shape = answerShapeOf(input.selected_answer);
    changes.selected_answer = shape.stored;
  }
  if ('mark_as_important' in input) {
    if (typeof input.mark_as_important !== 'boolean') {
      throw new HttpError(400, 'mark_as_important must be true or false.');
    }
    changes.mark_as_important = input.mark_as_important;
  }
  const knex = knexOf(strapi);
  const now = new Date();
  const columns = Object.keys(changes); // selected_answer and/or mark_as_important, no other
  const guardedUpdate = (db: Db): Promise<Data[]> =>
    sqlRows<Data>(
      db,
      `UPDATE answers SET ${columns.map((c) => `${c} = ?, `).join('')}revision = ?, updated_at = ?
      WHERE document_id = ? AND end_date_time IS NULL AND (revision IS NULL OR revision < ?)
        AND EXISTS (SELECT 1 FROM answers_student_lnk s
          JOIN up_users_student_lnk u ON u.student_id = s.student_id
          WHERE s.answer_id = answers.id AND u.user_id = ?)
        AND EXISTS (SELECT 1 FROM attempts t
          WHERE t.id = (SELECT aa.attempt_id FROM answers_attempt_lnk aa
            WHERE aa.answer_id = answers.id LIMIT 1)
          AND t.end_date_time IS NULL AND t.expires_at >= ?
          AND (answers.section IS NULL
            OR (answers.section = t.section_index AND t.section_ends_at >= ?)
            OR (answers.section = t.section_index - 1 AND t.section_grace_until >= ?))${shareLock(knex)})
        ${
          shape.kind === null
            ? ''
            : `AND NOT EXISTS (SELECT 1 FROM answers_question_lnk ql
                JOIN questions q ON q.id = ql.question_id
                WHERE ql.answer_id = answers.id AND NOT (${kindCondition('q.question_type', shape.kind)}))`
        }
      RETURNING document_id, selected_answer, mark_as_important, revision`,
      // The answer's own attempt by id (a scalar subquery): joined the other way round, SQLite
      // would walk every open attempt of the exam through their index for each save.
      // On PostgreSQL the attempt row is locked FOR SHARE in this same statement (issue 18): a save
      // and the close of its attempt (submit, sweep) are serialised. A save that reaches the row
      // while the close holds it waits, then finds the attempt ended and changes nothing (409
      // below); a close waits for the saves holding the lock and marks what they stored. Saves of
      // one attempt share the lock and never wait for each other.
      // Sections (issue 23): the answer's section must be the attempt's current one and its time
      // not over (with the same grace), or the one just closed by its time, within its grace. Both
      // are columns of rows this statement reads already: no extra query per save.
      [
        ...columns.map((c) => changes[c]),
        revision,
        now,
        documentId,
        revision,
        userId,
        new Date(now.getTime() - GRACE_MS),
        new Date(now.getTime() - GRACE_MS),
        now,
      ],
    );
  // A question's first save (lazy rows, answer-slots.ts): no row yet, so the UPDATE matched
  // nothing; its blank row is written and the same guarded UPDATE runs on it, with every rule
  // above (withSlotRow: one statement then the UPDATE on PostgreSQL, one transaction on SQLite).
  // Also when the row exists already: a racing first save of the same question wrote it after our
  // UPDATE, and this save must still be applied (or refused by its revision), never dropped.
  const stored =
    (await guardedUpdate(knex))[0] ??
    (parseSlotId(documentId)
      ? (await withSlotRow(knex, { userId }, documentId, guardedUpdate))?.[0]
      : undefined);
  if (stored) {
    // Applied: the row as stored now (one statement; SQLite 3.35+ and PostgreSQL: RETURNING).
    // The log's events (none: no query, unless the learner's IP is not the one last seen).
    await recordEvents(strapi, userId, { answerDocumentId: documentId }, events, ip);
    return {
      documentId: stored.document_id,
      selected_answer: stored.selected_answer ?? null,
      mark_as_important: toBool(stored.mark_as_important),
      revision: toNumber(stored.revision) ?? 0,
    };
  }

  // Nothing changed: the stored state, and why.
  const row = (await knex('answers as a')
    .join('answers_student_lnk as s', 's.answer_id', 'a.id')
    .join('up_users_student_lnk as u', 'u.student_id', 's.student_id')
    .leftJoin('answers_attempt_lnk as aa', 'aa.answer_id', 'a.id')
    .leftJoin('attempts as t', 't.id', 'aa.attempt_id')
    .leftJoin('answers_question_lnk as ql', 'ql.answer_id', 'a.id')
    .leftJoin('questions as q', 'q.id', 'ql.question_id')
    .where('a.document_id', documentId)
    .where('u.user_id', userId)
    .first(
      'a.document_id',
      'a.selected_answer',
      'a.mark_as_important',
      'a.revision',
      'a.end_date_time',
      't.id as attempt_id',
      't.end_date_time as attempt_end',
      't.expires_at',
      't.closed_by',
      'a.section',
      'q.id as question_id',
      'q.question_type',
    )) as Data | undefined;
  if (!row || !row.attempt_id) {
    const closedBy = await closedSlotAttempt(knex, userId, documentId);
    if (closedBy) {
      throw new HttpError(
        409,
        closedBy === 'learner' ? ALREADY_SUBMITTED : 'This attempt is over.',
      );
    }
    throw new HttpError(404, 'Unknown answer.');
  }
  const questionKind = kindOf(row.question_type as string | null);
  if (row.question_id && !takes(questionKind, shape.kind)) {
    // Refused by the UPDATE above for its shape: nothing was stored.
    throw new HttpError(
      400,
      questionKind === 'descriptive' ? WRONG_SHAPE.single : WRONG_SHAPE[questionKind],
    );
  }
  const expires = toDate(row.expires_at);
  const overdue = !expires || expires.getTime() + GRACE_MS < now.getTime();
  if (row.attempt_end && row.closed_by === 'learner') {
    // Refused, never acknowledged: the result was marked from the answers stored before.
    throw new HttpError(409, ALREADY_SUBMITTED);
  }
  if (row.attempt_end || overdue) {
    if (!row.attempt_end && expires) {
      await closeAttempt(strapi, Number(row.attempt_id), 'expiry', expires);
    }
    throw new HttpError(409, 'This attempt is over.');
  }
  if (row.end_date_time) {
    throw new HttpError(409, 'This answer has been checked.');
  }
  const section = toNumber(row.section);
  const refusal =
    section === null ? null : await sectionRefusal(knex, Number(row.attempt_id), section, now);
  if (refusal) {
    // Refused by its section (section-move.ts); nothing was stored.
    throw new HttpError(409, refusal);
  }
  // Otherwise the stored revision is as new or newer: the stored state stands (and the events
  // are kept: the player drops them from its outbox on this answer).
  await recordEvents(strapi, userId, { attemptId: Number(row.attempt_id) }, events, ip);
  return {
    documentId: row.document_id,
    selected_answer: row.selected_answer ?? null,
    mark_as_important: toBool(row.mark_as_important),
    revision: toNumber(row.revision) ?? 0,
  };
};
