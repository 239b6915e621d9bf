/**
 * Random draws from the question pool (issue 26; docs/decisions.md "Issue 26: random draws").
 *
 * When an attempt starts, each section with a draw (draw-rule.ts) picks its `count` pool questions
 * at random (crypto.randomInt, a partial Fisher–Yates over the matching ids) and the attempt keeps
 * them in its answer slots (answer-slots.ts), after the test's own questions. So the draw is fixed
 * at the start, kept on resume (the slots are read back), and every later step (saves, the close,
 * marking, review, regrade, reports) sees ordinary questions through the answers' question links.
 *
 * Why copies (a snapshot) and not the pool rows: an answer links to a `questions` row, and a pool
 * question edited or deleted later must not change a started attempt's questions or its marking.
 * A drawn question is copied once into `questions` (not linked to the test, so it is never one of
 * the test's own questions) with `draw_test_id` (the test) and `draw_key` (the pool question, its
 * version and the draw's marks), and `source_pool_id` as for a copy made by hand (the pool's "used
 * in" and facility follow it). Learners of the same test who draw the same unchanged pool question
 * share the copy: one row per drawn question, not per learner, and the item analysis groups by it.
 * An edit to the pool question gives a new version key, so a new copy for later attempts; the
 * copies already drawn never change (nothing edits them: no test lists them).
 */
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../../platform/http/errors';
import {
  type Db,
  insertLinks,
  insertReturningIds,
  isPostgres,
  sqlRows,
  systemColumns,
} from '../../platform/db/sql';
import type { DrawFilters, DrawRule } from './draw-rule';
import type { SectionDef } from './section-plan';
import { type TestQuestion, questionView } from './question-view';
import { storedSlots } from './answer-slots';

type Row = Record<string, unknown>;

/** A relation filter of the pool: a documentId, or `none` for questions without one. */
const relationWhere = (
  link: string,
  column: string,
  table: string,
  value: string,
): [string, unknown[]] =>
  value === 'none'
    ? [`NOT EXISTS (SELECT 1 FROM ${link} l WHERE l.question_pool_id = qp.id)`, []]
    : [
        `qp.id IN (SELECT l.question_pool_id FROM ${link} l JOIN ${table} r ON r.id = l.${column}
           WHERE r.document_id = ?)`,
        [value],
      ];

/**
 * The SQL conditions (on `question_pools qp`) of the pool filters type, subject, topic, difficulty
 * and tag, with their bindings: the ONE place they are written, for the pool list
 * (catalogue/pool-list.ts) and for draws. Values must already be normalised (poolFiltersOf).
 */
export const poolFilterConditions = (db: Db, f: DrawFilters): Array<[string, unknown[]]> => {
  const parts: Array<[string, unknown[]]> = [];
  if (f.type) {
    parts.push(
      f.type === 'MCQ'
        ? [`(qp.question_type = ? OR qp.question_type IS NULL)`, [f.type]]
        : [`qp.question_type = ?`, [f.type]],
    );
  }
  if (f.subject) {
    parts.push(relationWhere('question_pools_subject_lnk', 'subject_id', 'subjects', f.subject));
  }
  if (f.topic) parts.push(relationWhere('question_pools_topic_lnk', 'topic_id', 'topics', f.topic));
  if (f.difficulty === 'none') parts.push([`qp.difficulty IS NULL`, []]);
  else if (f.difficulty) parts.push([`qp.difficulty = ?`, [f.difficulty]]);
  if (f.tag) {
    parts.push(
      isPostgres(db)
        ? [`qp.tags @> ?::jsonb`, [JSON.stringify([f.tag])]]
        : [`EXISTS (SELECT 1 FROM json_each(qp.tags) jt WHERE jt.value = ?)`, [f.tag]],
    );
  }
  return parts;
};

/** A draw's WHERE: its filters, and never a descriptive question (it is not marked here). */
const drawWhere = (db: Db, f: DrawFilters): [string, unknown[]] => {
  const parts = [
    ...poolFilterConditions(db, f),
    [`LOWER(COALESCE(qp.question_type, '')) <> 'descriptive'`, []] as [string, unknown[]],
  ];
  return [`WHERE ${parts.map(([sql]) => sql).join(' AND ')}`, parts.flatMap(([, b]) => b)];
};

/** How many pool questions a draw's filters match now. */
export const countDrawMatches = async (db: Db, f: DrawFilters): Promise<number> => {
  const [where, bindings] = drawWhere(db, f);
  const [row] = await sqlRows(db, `SELECT COUNT(*) AS n FROM question_pools qp ${where}`, bindings);
  return Number(row?.n ?? 0);
};

/** `count` distinct values of `ids` at random (partial Fisher–Yates; crypto-strength). */
export const pickRandom = <T>(ids: readonly T[], count: number): T[] => {
  const list = [...ids];
  const n = Math.min(count, list.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + randomInt(list.length - i);
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list.slice(0, n);
};

/** One draw's pick: pool question ids, refused (409) when the pool no longer has enough. */
export const pickPoolIds = async (
  db: Db,
  rule: DrawRule,
  section: string,
  taken: ReadonlySet<number> = new Set(),
): Promise<number[]> => {
  const [where, bindings] = drawWhere(db, rule.filters);
  const ids = (
    await sqlRows<{ id: unknown }>(
      db,
      `SELECT qp.id AS id FROM question_pools qp ${where}`,
      bindings,
    )
  )
    .map((r) => Number(r.id))
    // A question drawn by an earlier section of the same attempt is not drawn twice.
    .filter((id) => !taken.has(id));
  if (ids.length < rule.count) {
    throw new HttpError(
      409,
      `Section ${section} draws ${rule.count} questions from the pool but only ${ids.length} match now: ask your teacher.`,
    );
  }
  return pickRandom(ids, rule.count);
};

const POOL_COLUMNS = `qp.id AS id, qp.document_id AS document_id, qp.updated_at AS updated_at,
  qp.question AS question, qp.option_a AS option_a, qp.option_b AS option_b,
  qp.option_c AS option_c, qp.option_d AS option_d, qp.correct_answer AS correct_answer,
  qp.question_type AS question_type, qp.answer_tolerance AS answer_tolerance,
  qp.answer_min AS answer_min, qp.answer_max AS answer_max, qp.answer_unit AS answer_unit,
  qp.explanation AS explanation, sl.subject_id AS subject_id, s.subject_name AS subject_name`;

/** Pool questions by id, with the columns a copy and a learner's view need. */
export const poolRows = async (db: Db, ids: number[]): Promise<Row[]> =>
  ids.length === 0
    ? []
    : sqlRows(
        db,
        `SELECT ${POOL_COLUMNS} FROM question_pools qp
          LEFT JOIN question_pools_subject_lnk sl ON sl.question_pool_id = qp.id
          LEFT JOIN subjects s ON s.id = sl.subject_id
          WHERE qp.id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );

const stamp = (value: unknown): string =>
  value instanceof Date ? String(value.getTime()) : String(value ?? '');

/** What makes two copies the same: the pool question, its version and subject, the draw's marks. */
const keyOf = (row: Row, rule: DrawRule): string =>
  `${String(row.document_id)}@${stamp(row.updated_at)}|s${String(row.subject_id ?? '')}|${rule.marks}|${rule.negative}`;

const VIEW_COLUMNS = `q.id AS id, q.document_id AS document_id, q.question AS question,
  q.option_a AS option_a, q.option_b AS option_b, q.option_c AS option_c, q.option_d AS option_d,
  q.question_type AS question_type, q.answer_unit AS answer_unit, q.draw_key AS draw_key,
  sub.subject_name AS subject_name`;

const VIEW_JOINS = `LEFT JOIN questions_subject_lnk qs ON qs.question_id = q.id
  LEFT JOIN subjects sub ON sub.id = qs.subject_id`;

/** The first key of the advisory lock of a test's copy-makers (the second is the test id). */
const DRAW_LOCK = 26_0001;

const copiesByKey = (db: Db, testId: number, keys: string[]): Promise<Row[]> =>
  keys.length === 0
    ? Promise.resolve([])
    : sqlRows(
        db,
        `SELECT ${VIEW_COLUMNS} FROM questions q ${VIEW_JOINS}
          WHERE q.draw_test_id = ? AND q.draw_key IN (${keys.map(() => '?').join(', ')})`,
        [testId, ...keys],
      );

/** The copies (question rows) of one draw's pool questions, made where missing; in pick order. */
const copiesOf = async (
  trx: Knex.Transaction,
  testId: number,
  rule: DrawRule,
  poolIds: number[],
): Promise<TestQuestion[]> => {
  const pool = await poolRows(trx, poolIds);
  const byPoolId = new Map(pool.map((r) => [Number(r.id), r]));
  const keys = poolIds.map((id) => keyOf(byPoolId.get(id) as Row, rule));
  const byKey = new Map((await copiesByKey(trx, testId, keys)).map((r) => [String(r.draw_key), r]));
  let missing = poolIds.filter((_, i) => !byKey.has(keys[i] as string));
  if (missing.length > 0 && isPostgres(trx)) {
    // Two starts must not both copy the same version: the test's copy-makers take turns (a lock
    // held to the commit, taken only when a copy is missing: the first few starts of a test),
    // then look again for what another start copied meanwhile.
    await sqlRows(trx, 'SELECT pg_advisory_xact_lock(?::int, ?::int)', [DRAW_LOCK, testId]);
    const late = keys.filter((key) => !byKey.has(key));
    for (const r of await copiesByKey(trx, testId, late)) byKey.set(String(r.draw_key), r);
    missing = poolIds.filter((_, i) => !byKey.has(keys[i] as string));
  }
  if (missing.length > 0) {
    const now = new Date();
    const rows = missing.map((id) => {
      const p = byPoolId.get(id) as Row;
      return {
        ...systemColumns(now),
        question: p.question,
        option_a: p.option_a ?? null,
        option_b: p.option_b ?? null,
        option_c: p.option_c ?? null,
        option_d: p.option_d ?? null,
        correct_answer: p.correct_answer ?? null,
        points_correct_answer: rule.marks,
        points_incorrect_answer: rule.negative === 0 ? 0 : -rule.negative,
        question_type: p.question_type ?? null,
        answer_tolerance: p.answer_tolerance ?? null,
        answer_min: p.answer_min ?? null,
        answer_max: p.answer_max ?? null,
        answer_unit: p.answer_unit ?? null,
        explanation: p.explanation ?? null,
        source_pool_id: String(p.document_id),
        draw_test_id: testId,
        draw_key: keyOf(p, rule),
      };
    });
    const inserted = await insertReturningIds(trx, 'questions', rows);
    const links = inserted
      .map((q, i) => ({
        question_id: q.id,
        subject_id: byPoolId.get(missing[i] as number)?.subject_id,
      }))
      .filter((l) => l.subject_id !== null && l.subject_id !== undefined);
    if (links.length > 0) await insertLinks(trx, 'questions_subject_lnk', links);
    inserted.forEach((q, i) => {
      const p = byPoolId.get(missing[i] as number) as Row;
      byKey.set(String(rows[i]?.draw_key), { ...p, id: q.id, document_id: q.document_id });
    });
  }
  return keys.map((key) => {
    const r = byKey.get(key) as Row;
    return { id: Number(r.id), view: questionView(r) };
  });
};

/** The questions an attempt draws, with the section each goes to (empty without draws). */
export interface Drawn {
  questions: TestQuestion[];
  sections: number[];
}

/**
 * In the start's transaction: every draw of the test's sections picked and copied. A 409 that
 * creates nothing when a draw's filters match fewer pool questions than it takes.
 */
export const drawForAttempt = async (
  trx: Knex.Transaction,
  testId: number,
  defs: SectionDef[] | null,
): Promise<Drawn> => {
  const drawn: Drawn = { questions: [], sections: [] };
  const taken = new Set<number>();
  for (const [index, def] of (defs ?? []).entries()) {
    if (!def.draw) continue;
    const ids = await pickPoolIds(trx, def.draw, def.name, taken);
    for (const id of ids) taken.add(id);
    const copies = await copiesOf(trx, testId, def.draw, ids);
    drawn.questions.push(...copies);
    drawn.sections.push(...copies.map(() => index));
  }
  return drawn;
};

/**
 * The questions of an attempt as its learner gets them: the test's (from the shared payload) and,
 * after them, the copies its draws gave it (from its slots, in their order). One extra query only
 * when the attempt's slots hold drawn copies.
 */
export const attemptQuestions = async (
  db: Db,
  slotsValue: unknown,
  testQuestions: TestQuestion[],
): Promise<TestQuestion[]> => {
  const slots = storedSlots(slotsValue);
  if (!slots) return testQuestions;
  const known = new Set(testQuestions.map((q) => q.id));
  const others = slots.q.filter((id) => !known.has(id));
  if (others.length === 0) return testQuestions;
  const rows = await sqlRows(
    db,
    `SELECT ${VIEW_COLUMNS} FROM questions q ${VIEW_JOINS}
      WHERE q.draw_test_id IS NOT NULL AND q.id IN (${others.map(() => '?').join(', ')})`,
    others,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const drawn = others
    .filter((id) => byId.has(id))
    .map((id) => ({ id, view: questionView(byId.get(id) as Row) }));
  return [...testQuestions, ...drawn];
};
