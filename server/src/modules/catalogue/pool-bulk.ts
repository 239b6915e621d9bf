// Bulk edit of pool questions (issue 26, "Organising"): staff set the subject, topic or difficulty
// of up to BULK_EDIT_MAX selected questions, or add/remove tags, in one call. Everything is checked
// before anything is written (unknown ids, subject or topic, a tag list over its limits: a 400 that
// names them, nothing changed); the writes then run in one transaction.
import { errors } from '@strapi/utils';
import type { Knex } from 'knex';
import { sqlRows } from '../../platform/db/sql';
import { checkDifficulty, checkTags, TAG_LIMITS } from './pool-organising';

export const BULK_EDIT_MAX = 500;

type Data = Record<string, unknown>;

export interface BulkEditResult {
  updated: number;
}

const fail = (message: string, details?: Data): never => {
  throw new errors.ValidationError(message, details);
};

const idsOf = (value: unknown): string[] => {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > BULK_EDIT_MAX ||
    !value.every((id) => typeof id === 'string' && id.trim() !== '' && id.length <= 64)
  ) {
    fail(`Send ids: 1 to ${BULK_EDIT_MAX} question-pool documentIds.`);
  }
  return [...new Set((value as string[]).map((id) => id.trim()))];
};

const tagsArg = (value: unknown, name: string): string[] | null => {
  if (value === undefined) return null;
  const checked = checkTags(value);
  if (checked.reasons.length > 0) fail(`${name}: ${checked.reasons.join('. ')}.`);
  return checked.value;
};

/** A relation's documentId (or null to clear it) resolved to its row id; 400 when unknown. */
const relationId = async (
  db: Knex,
  table: string,
  value: unknown,
  name: string,
): Promise<number | null | undefined> => {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value !== 'string') return fail(`${name} must be a documentId or null.`);
  const [row] = await sqlRows(db, `SELECT id FROM ${table} WHERE document_id = ?`, [value.trim()]);
  return row ? Number(row.id) : fail(`Unknown ${name.toLowerCase()}: ${value}.`);
};

const storedTags = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

/**
 * POST body: { ids, subject?, topic?, difficulty?, addTags?, removeTags? }. A field left out is
 * not changed; subject, topic or difficulty null clears it. Answers how many questions changed.
 */
export const bulkEditPool = async (db: Knex, body: Data): Promise<BulkEditResult> => {
  const ids = idsOf(body.ids);
  const difficulty = 'difficulty' in body ? checkDifficulty(body.difficulty) : null;
  if (difficulty && difficulty.reasons.length > 0) fail(`${difficulty.reasons[0]}.`);
  const addTags = tagsArg(body.addTags, 'addTags');
  const removeTags = tagsArg(body.removeTags, 'removeTags');
  const subjectId = await relationId(db, 'subjects', body.subject, 'Subject');
  const topicId = await relationId(db, 'topics', body.topic, 'Topic');
  if (
    !difficulty &&
    !addTags?.length &&
    !removeTags?.length &&
    subjectId === undefined &&
    topicId === undefined
  ) {
    fail('Nothing to change: send subject, topic, difficulty, addTags or removeTags.');
  }
  const marks = ids.map(() => '?').join(', ');
  const rows = await sqlRows(
    db,
    `SELECT id, document_id, tags FROM question_pools WHERE document_id IN (${marks})`,
    ids,
  );
  const found = new Set(rows.map((row) => String(row.document_id)));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    fail(`Unknown question-pool ids: ${unknown.slice(0, 20).join(', ')}.`, { unknownIds: unknown });
  }
  const rowIds = rows.map((row) => Number(row.id));
  // New tag lists, grouped by value so each distinct list is one UPDATE.
  const tagGroups = new Map<string, number[]>();
  if (addTags?.length || removeTags?.length) {
    const removed = new Set(removeTags ?? []);
    for (const row of rows) {
      const next = [...new Set([...storedTags(row.tags), ...(addTags ?? [])])].filter(
        (tag) => !removed.has(tag),
      );
      if (next.length > TAG_LIMITS.count) {
        fail(
          `Question ${String(row.document_id)} would have ${next.length} tags; at most ${TAG_LIMITS.count}.`,
        );
      }
      const key = JSON.stringify(next);
      tagGroups.set(key, [...(tagGroups.get(key) ?? []), Number(row.id)]);
    }
  }
  const now = new Date();
  await db.transaction(async (trx) => {
    const scalar: Data = { updated_at: now };
    if (difficulty) scalar.difficulty = difficulty.value;
    await trx('question_pools').whereIn('id', rowIds).update(scalar);
    for (const [tags, group] of tagGroups) {
      await trx('question_pools').whereIn('id', group).update({ tags });
    }
    const relink = async (link: string, column: string, target: number | null | undefined) => {
      if (target === undefined) return;
      await trx(link).whereIn('question_pool_id', rowIds).delete();
      if (target !== null) {
        await trx.batchInsert(
          link,
          rowIds.map((id) => ({ question_pool_id: id, [column]: target })),
          100,
        );
      }
    };
    await relink('question_pools_subject_lnk', 'subject_id', subjectId);
    await relink('question_pools_topic_lnk', 'topic_id', topicId);
  });
  return { updated: rowIds.length };
};
