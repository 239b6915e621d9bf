// The question pool's list for staff (issue 26, "Organising"): one page, newest first, filtered by
// type, subject, topic, difficulty, tag and whether a test or an assignment uses it (a copy made
// from it names it in questions.source_pool_id), and searched in the question, options, explanation
// and subject name. Plain SQL so each filter is one indexed condition (bootstrap/indexes.ts) and the
// search is one LIKE per column (SQLite's LIKE ignores ASCII case without LOWER(); PostgreSQL ILIKE,
// helped by trigram indexes where pg_trgm is available), its count capped (SEARCH_COUNT_CAP).
// Bad filters are a 400.
import { errors } from '@strapi/utils';
import { isPostgres, sqlRows, toNumber, type Db } from '../../platform/db/sql';
import { poolFilterConditions } from '../exam';
import { checkDifficulty, checkTags } from './pool-organising';
import { QUESTION_TYPES, questionTypeOf } from './question-rules';

export const POOL_PAGE_MAX = 100;
const SEARCH_MAX = 200;
/**
 * A text search counts its matches up to this many: counting every one of 10,000 matches is a
 * scan of the whole table, while the page itself stops at 25 (the total then says "more than").
 */
export const SEARCH_COUNT_CAP = 1000;

export interface PoolFilters {
  search: string;
  type: string | null;
  subject: string | null;
  topic: string | null;
  /** easy | medium | hard | none (unrated). */
  difficulty: string | null;
  tag: string | null;
  used: 'used' | 'unused' | null;
  page: number;
  pageSize: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const orNull = (value: string): string | null => (value === '' ? null : value);

const whole = (value: unknown, fallback: number, max: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new errors.ValidationError(`${name} must be a whole number from 1 to ${max}.`);
  }
  return n;
};

/** The list's query string, checked (400 on anything it cannot mean). */
export const poolFiltersOf = (query: Record<string, unknown>): PoolFilters => {
  const search = text(query.search);
  if (search.length > SEARCH_MAX) {
    throw new errors.ValidationError(`Search at most ${SEARCH_MAX} characters.`);
  }
  const typeText = text(query.type);
  const type = typeText ? questionTypeOf(typeText) : null;
  if (typeText && !type) {
    throw new errors.ValidationError(`Type must be one of ${QUESTION_TYPES.join(', ')}.`);
  }
  const difficultyText = text(query.difficulty).toLowerCase();
  if (difficultyText && difficultyText !== 'none' && checkDifficulty(difficultyText).reasons[0]) {
    throw new errors.ValidationError('Difficulty must be easy, medium, hard or none.');
  }
  const tagText = text(query.tag);
  const tag = tagText ? checkTags([tagText]) : null;
  if (tag && tag.reasons.length > 0) {
    throw new errors.ValidationError(`${tag.reasons[0]}.`);
  }
  const usedText = text(query.used);
  if (usedText && usedText !== 'used' && usedText !== 'unused') {
    throw new errors.ValidationError('Used must be used or unused.');
  }
  return {
    search,
    type,
    subject: orNull(text(query.subject)),
    topic: orNull(text(query.topic)),
    difficulty: orNull(difficultyText),
    tag: tag?.value[0] ?? null,
    used: (orNull(usedText) as PoolFilters['used']) ?? null,
    page: whole(query.page, 1, 100000, 'Page'),
    pageSize: whole(query.pageSize, 25, POOL_PAGE_MAX, 'Page size'),
  };
};

const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SEARCHED = ['question', 'option_a', 'option_b', 'option_c', 'option_d', 'explanation'];

/** The WHERE clause of the filters (with its bindings). */
const whereOf = async (db: Db, f: PoolFilters): Promise<[string, unknown[]]> => {
  const pg = isPostgres(db);
  const parts: string[] = [];
  const bindings: unknown[] = [];
  const add = ([sql, values]: [string, unknown[]]) => {
    parts.push(sql);
    bindings.push(...values);
  };
  // The type, subject, topic, difficulty and tag conditions: one writer, shared with the draws.
  poolFilterConditions(db, f).forEach(add);
  if (f.used) {
    const used = `EXISTS (SELECT 1 FROM questions uq WHERE uq.source_pool_id = qp.document_id)`;
    add([f.used === 'used' ? used : `NOT ${used}`, []]);
  }
  if (f.search) {
    const like = pg ? 'ILIKE' : 'LIKE';
    const pattern = likePattern(f.search);
    // The few subjects whose name matches are found first: without a sub-query in the OR,
    // PostgreSQL may combine the columns' trigram indexes (a rare word) or scan and stop at the
    // page (a common one).
    const subjects = await sqlRows(
      db,
      `SELECT id FROM subjects WHERE subject_name ${like} ? ESCAPE '\\'`,
      [pattern],
    );
    const columns = SEARCHED.map((c) => `qp.${c} ${like} ? ESCAPE '\\'`);
    const values: unknown[] = columns.map(() => pattern);
    if (subjects.length > 0) {
      columns.push(
        `qp.id IN (SELECT l.question_pool_id FROM question_pools_subject_lnk l
           WHERE l.subject_id IN (${subjects.map(() => '?').join(', ')}))`,
      );
      values.push(...subjects.map((row) => Number(row.id)));
    }
    add([`(${columns.join(' OR ')})`, values]);
  }
  return [parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', bindings];
};

const tagsOf = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

const DECIMALS = [
  'points_correct_answer',
  'points_incorrect_answer',
  'answer_tolerance',
  'answer_min',
  'answer_max',
];

/**
 * How many rows match. A short page tells it without counting (a rare word: one scan, not two);
 * a search counts up to SEARCH_COUNT_CAP + 1 (more means "more than the cap"); filters alone
 * count every matching row (indexed).
 */
const totalOf = async (
  db: Db,
  f: PoolFilters,
  where: string,
  bindings: readonly unknown[],
  onPage: number,
): Promise<{ total: number; more: boolean }> => {
  if (onPage < f.pageSize && (onPage > 0 || f.page === 1)) {
    return { total: (f.page - 1) * f.pageSize + onPage, more: false };
  }
  const [counted] = await sqlRows(
    db,
    f.search
      ? `SELECT COUNT(*) AS n FROM (SELECT 1 FROM question_pools qp ${where} LIMIT ?) capped`
      : `SELECT COUNT(*) AS n FROM question_pools qp ${where}`,
    f.search ? [...bindings, SEARCH_COUNT_CAP + 1] : [...bindings],
  );
  const n = Number(counted?.n ?? 0);
  return f.search && n > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, more: true }
    : { total: n, more: false };
};

/** One page of the pool and its pagination, in the shape of Strapi's REST list. */
export const listPool = async (db: Db, f: PoolFilters) => {
  const [where, bindings] = await whereOf(db, f);
  const rows = await sqlRows(
    db,
    `SELECT qp.id, qp.document_id, qp.question, qp.option_a, qp.option_b, qp.option_c,
       qp.option_d, qp.correct_answer, qp.points_correct_answer, qp.points_incorrect_answer,
       qp.question_type, qp.answer_tolerance, qp.answer_min, qp.answer_max, qp.answer_unit,
       qp.explanation, qp.difficulty, qp.tags, qp.created_at, qp.updated_at,
       s.document_id AS subject_document_id, s.subject_name,
       t.document_id AS topic_document_id, t.topic_name,
       (SELECT COUNT(*) FROM questions uq WHERE uq.source_pool_id = qp.document_id) AS used_in
     FROM (SELECT qp.* FROM question_pools qp ${where}
           ORDER BY qp.created_at DESC, qp.id DESC LIMIT ? OFFSET ?) qp
     LEFT JOIN question_pools_subject_lnk sl ON sl.question_pool_id = qp.id
     LEFT JOIN subjects s ON s.id = sl.subject_id
     LEFT JOIN question_pools_topic_lnk tl ON tl.question_pool_id = qp.id
     LEFT JOIN topics t ON t.id = tl.topic_id
     ORDER BY qp.created_at DESC, qp.id DESC`,
    [...bindings, f.pageSize, (f.page - 1) * f.pageSize],
  );
  const { total, more } = await totalOf(db, f, where, bindings, rows.length);
  const data = rows.map((row) => ({
    id: Number(row.id),
    documentId: String(row.document_id),
    question: row.question,
    option_a: row.option_a,
    option_b: row.option_b,
    option_c: row.option_c,
    option_d: row.option_d,
    correct_answer: row.correct_answer,
    ...Object.fromEntries(DECIMALS.map((key) => [key, toNumber(row[key])])),
    question_type: row.question_type,
    answer_unit: row.answer_unit,
    explanation: row.explanation,
    difficulty: row.difficulty ?? null,
    tags: tagsOf(row.tags),
    subject: row.subject_document_id
      ? { documentId: String(row.subject_document_id), SubjectName: row.subject_name }
      : null,
    topic: row.topic_document_id
      ? { documentId: String(row.topic_document_id), topic_name: row.topic_name }
      : null,
    usedIn: Number(row.used_in ?? 0),
  }));
  return {
    data,
    meta: {
      pagination: {
        page: f.page,
        pageSize: f.pageSize,
        pageCount: Math.ceil(total / f.pageSize),
        total,
        /** A search found more than `total` (the count stops there): narrow it. */
        more,
      },
    },
  };
};

/**
 * The ids of the pool questions the filters match (the list's own conditions), oldest first, at
 * most `limit` (the pool export asks one more than it allows, to tell "too many").
 */
export const poolIdsOf = async (db: Db, f: PoolFilters, limit: number): Promise<number[]> => {
  const [where, bindings] = await whereOf(db, f);
  const rows = await sqlRows(
    db,
    `SELECT qp.id FROM question_pools qp ${where} ORDER BY qp.id ASC LIMIT ?`,
    [...bindings, limit],
  );
  return rows.map((row) => Number(row.id));
};
