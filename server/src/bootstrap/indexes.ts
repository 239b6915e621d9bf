import type { Core } from '@strapi/strapi';
import { SLOT_ROWS_INDEX } from '../modules/exam';
import { isPostgres } from '../platform/db/sql';

/**
 * Indexes for the lookups the screens make, created idempotently at every boot (Strapi 5 has no
 * index option in schema.json that works on both databases). Strapi already indexes both columns
 * of every relation link table (`*_lnk_fk`, `*_lnk_ifk`), so lookups by course, test, assignment,
 * student and attempt are covered; these add name searches, sorting by creation time, flags the
 * lists filter on, and case-insensitive email look-ups (sign-in, registration).
 * `CREATE INDEX IF NOT EXISTS` works on SQLite and PostgreSQL alike.
 */
interface IndexSpec {
  name: string;
  table: string;
  /** Column names, or one SQL expression over a column (e.g. LOWER(email)). */
  columns: readonly string[];
  expression?: { fn: 'LOWER'; column: string };
  unique?: boolean;
  /** A partial index: only the rows this condition (fixed SQL, no values) holds for. */
  where?: string;
}

const byName = (table: string, column: string): IndexSpec => ({
  name: `${table}_${column}_idx`,
  table,
  columns: [column],
});

const byCreation = (table: string): IndexSpec => ({
  name: `${table}_created_at_idx`,
  table,
  columns: ['created_at'],
});

export const INDEXES: readonly IndexSpec[] = [
  byName('courses', 'course_name'),
  { name: 'courses_visibility_idx', table: 'courses', columns: ['is_active', 'is_public'] },
  byName('students', 'student_name'),
  byName('students', 'roll_number'),
  {
    name: 'students_email_lower_idx',
    table: 'students',
    columns: [],
    expression: { fn: 'LOWER', column: 'student_email' },
  },
  byName('faculties', 'faculty_name'),
  byName('tests', 'test_name'),
  byName('assignments', 'assignment_name'),
  byName('batches', 'batch'),
  byName('subjects', 'subject_name'),
  byName('topics', 'topic_name'),
  byName('classes', 'name'),
  byName('classes', 'date'),
  byName('youtube_videos', 'title'),
  byName('up_users', 'username'),
  byName('up_users', 'user_role'),
  // The people endpoints' "already registered" checks (issue 9) compare usernames in any case.
  {
    name: 'up_users_username_lower_idx',
    table: 'up_users',
    columns: [],
    expression: { fn: 'LOWER', column: 'username' },
  },
  {
    name: 'faculties_email_lower_idx',
    table: 'faculties',
    columns: [],
    expression: { fn: 'LOWER', column: 'faculty_email_id' },
  },
  {
    name: 'up_users_email_lower_uq',
    table: 'up_users',
    columns: [],
    expression: { fn: 'LOWER', column: 'email' },
    unique: true,
  },
  // Private files (issue 18 point 15): every GET of /uploads/* looks its file up by URL.
  {
    name: 'files_url_lower_idx',
    table: 'files',
    columns: [],
    expression: { fn: 'LOWER', column: 'url' },
  },
  byName('notifications', 'read'),
  // Notifications (issue 20): a user's newest first and counts (top 5), what changed since the
  // stream last looked, an event's notices (opens soon: sent once), pending emails.
  {
    name: 'notifications_to_user_lnk_user_idx',
    table: 'notifications_to_user_lnk',
    columns: ['user_id', 'notification_id'],
  },
  byName('notifications', 'updated_at'),
  { name: 'notifications_about_idx', table: 'notifications', columns: ['kind', 'about_id'] },
  byName('notifications', 'email_pending'),
  byName('logs', 'timestamp'),
  // The sweep of abandoned attempts (open, past expiry). Saves find an answer by document_id
  // through Strapi's own answers_documents_idx (document_id, locale, published_at).
  { name: 'attempts_open_idx', table: 'attempts', columns: ['end_date_time', 'expires_at'] },
  // One row per answer slot (lazy answer rows, modules/exam/answer-slots.ts): a slot's documentId
  // is `<attempt>-<index>` (a '-' no Strapi documentId has); the first save's one-statement insert
  // on PostgreSQL relies on it.
  {
    name: SLOT_ROWS_INDEX,
    table: 'answers',
    columns: ['document_id'],
    unique: true,
    where: "document_id LIKE '%-%'",
  },
  // The question pool's filters (issue 26, "Organising"): type, difficulty, and the copies that
  // say a pool question is used (questions.source_pool_id).
  byName('question_pools', 'question_type'),
  byName('question_pools', 'difficulty'),
  byName('questions', 'source_pool_id'),
  // Random draws (issue 26): a test's drawn copies, found by test and key at each start.
  { name: 'questions_draw_idx', table: 'questions', columns: ['draw_test_id', 'draw_key'] },
  ...[
    'courses',
    'tests',
    'assignments',
    'questions',
    'question_pools',
    'students',
    'subjects',
    'attempts',
    'answers',
    'results',
    'evaluations',
    'notifications',
    'logs',
    'up_users',
  ].map(byCreation),
];

export const ensureIndexes = async (strapi: Core.Strapi): Promise<void> => {
  const knex = strapi.db.connection;
  for (const spec of INDEXES) {
    const unique = spec.unique ? 'UNIQUE ' : '';
    const target = spec.expression
      ? knex.raw(`${spec.expression.fn}(??)`, [spec.expression.column]).toQuery()
      : spec.columns.map((column) => knex.raw('??', [column]).toQuery()).join(', ');
    const sql = `CREATE ${unique}INDEX IF NOT EXISTS ${knex.raw('??', [spec.name]).toQuery()} ON ${knex
      .raw('??', [spec.table])
      .toQuery()} (${target})${spec.where ? ` WHERE ${spec.where}` : ''}`;
    try {
      await knex.raw(sql);
    } catch (error) {
      if (!spec.unique) {
        throw error;
      }
      // Existing duplicate emails (made before this index) keep the table usable; say so.
      strapi.log.warn(
        `Could not create unique index ${spec.name} (duplicate values?): ${String(error)}`,
      );
    }
  }
  await ensureTrigramIndexes(strapi);
  await leaveRoomForUpdates(strapi);
};

/**
 * PostgreSQL: the exam's rows are written, then updated in place: a save updates its answer, the
 * marking every answer of the attempt, the close its attempt. None of the updated columns is
 * indexed, so PostgreSQL can keep the new version on the same page without touching any index (a
 * "HOT" update), but only when the page has room; packed full (the default fillfactor, 100), each
 * update wrote a new entry in every index of the table. New pages of these tables keep 15 % free.
 */
const UPDATED_IN_PLACE = ['answers', 'attempts'];
const FILLFACTOR = 85;

const leaveRoomForUpdates = async (strapi: Core.Strapi): Promise<void> => {
  const knex = strapi.db.connection;
  if (!isPostgres(knex)) return;
  for (const table of UPDATED_IN_PLACE) {
    await knex.raw(`ALTER TABLE ?? SET (fillfactor = ${FILLFACTOR})`, [table]);
  }
};

/**
 * PostgreSQL: the lists' "contains" searches use trigram indexes (pg_trgm, shipped with PostgreSQL
 * and trusted: a database owner may add it). A B-tree cannot serve a pattern with a leading %, so
 * without them each search read every row: at 50,000 learners the name search took 120–165 ms
 * (bench/people --db postgres). The people lists search `LOWER(column) LIKE` (people/common.ts),
 * so their indexes are on LOWER(column); the pool's list searches `column ILIKE`
 * (catalogue/pool-list.ts), so its indexes are on the column. SQLite has no such index; its scan
 * of one table is within the target there (same bench).
 */
export const TRIGRAM_INDEXES: ReadonlyArray<{ table: string; column: string; lower: boolean }> = [
  ...['student_name', 'student_email', 'roll_number'].map((column) => ({
    table: 'students',
    column,
    lower: true,
  })),
  ...['username', 'email', 'user_role'].map((column) => ({
    table: 'up_users',
    column,
    lower: true,
  })),
  ...['question', 'option_a', 'option_b', 'option_c', 'option_d', 'explanation'].map((column) => ({
    table: 'question_pools',
    column,
    lower: false,
  })),
];

const ensureTrigramIndexes = async (strapi: Core.Strapi): Promise<void> => {
  const knex = strapi.db.connection;
  if (!isPostgres(knex)) return;
  try {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  } catch (error) {
    // The searches still work, by reading every row; the operator can add the extension.
    strapi.log.warn(
      `pg_trgm is not available (${String(error)}): list searches will scan their tables. Run CREATE EXTENSION pg_trgm as the database owner (docs/operations.md).`,
    );
    return;
  }
  for (const { table, column, lower } of TRIGRAM_INDEXES) {
    const target = lower ? 'LOWER(??)' : '??';
    await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin (${target} gin_trgm_ops)`, [
      `${table}_${column}_trgm_idx`,
      table,
      column,
    ]);
  }
};
