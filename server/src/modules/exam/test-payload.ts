/**
 * The learner-facing part of a test that is the same for every learner (issue 25: a cheap start):
 * its questions without the key in the test's order, its delivery options, its shuffle switches and
 * whether it is a Mains test. Built once per test VERSION and kept in this process's memory, so a
 * start, a resume and a section move read one small version query instead of the questions' text,
 * the options and the Mains facts every time.
 *
 * Why the version comes from the database (not from an in-process event on a write): with several
 * processes behind a balancer each has its own cache, and a write on one process (or a raw SQL
 * write anywhere) must be seen by all of them. The version is read on every use, in one statement:
 * the test's updated_at, the count and the id sum of its question links (a question added, removed
 * or replaced gives new link ids), the newest updated_at of its questions, and the same for their
 * subject links and subjects. Every write path of tests and questions (Strapi's document service,
 * the imports, closing a test) sets updated_at or writes new link rows, so any change gives a new
 * key; a stale entry is never served, it is rebuilt.
 *
 * The payload itself is built by attempt-rows.ts `questionRows`/`questionView` (one function for
 * what a learner may see of a question), never here.
 */
import type { Knex } from 'knex';
import { sqlRows } from '../../platform/db/sql';
import { mainsTestIds } from '../../access/facts/mains-tests';
import { type TestQuestion, questionRows } from './question-view';
import { type TestOptions, testOptions } from './test-options';
import { type ShuffleFlags, shuffleFlagsOf } from './shuffle';

export interface TestPayload {
  /** The version key it was built for. */
  version: string;
  /** The questions as the learner gets them (no key), in the test's order. */
  questions: TestQuestion[];
  options: TestOptions;
  shuffle: ShuffleFlags;
  /** A Mains test (a Descriptive question or the Mains sub-category): not started here. */
  mains: boolean;
}

const VERSION_SQL = `SELECT t.updated_at AS test_at, COUNT(l.id) AS links,
    COALESCE(SUM(l.id), 0) AS link_sum, MAX(q.updated_at) AS question_at,
    COALESCE(SUM(qs.id), 0) AS subject_link_sum, MAX(sub.updated_at) AS subject_at
  FROM tests t
  LEFT JOIN questions_test_lnk l ON l.test_id = t.id
  LEFT JOIN questions q ON q.id = l.question_id
  LEFT JOIN questions_subject_lnk qs ON qs.question_id = q.id
  LEFT JOIN subjects sub ON sub.id = qs.subject_id
  WHERE t.id = ?
  GROUP BY t.id, t.updated_at`;

/** Tests kept at most (least recently used dropped): a few exams at once, not the catalogue. */
const MAX_ENTRIES = 64;
const cache = new Map<number, TestPayload>();

const stamp = (value: unknown): string =>
  value instanceof Date ? String(value.getTime()) : String(value ?? '');

/** The test's version key, or null when the test does not exist. */
export const testVersion = async (db: Knex, testId: number): Promise<string | null> => {
  const [row] = await sqlRows<Record<string, unknown>>(db, VERSION_SQL, [testId]);
  if (!row) {
    return null;
  }
  return [
    row.test_at,
    row.links,
    row.link_sum,
    row.question_at,
    row.subject_link_sum,
    row.subject_at,
  ]
    .map(stamp)
    .join('|');
};

const build = async (db: Knex, testId: number, version: string): Promise<TestPayload> => {
  const [questions, options, shuffle, mains] = await Promise.all([
    questionRows(db, testId),
    testOptions(db, testId),
    shuffleFlagsOf(db, testId),
    mainsTestIds(db, [testId]),
  ]);
  return { version, questions, options, shuffle, mains: mains.has(testId) };
};

/**
 * The test's payload at its current version (built when the cached one is of another version).
 * Callers must not change what they get: it is shared by every learner of the test.
 */
export const testPayload = async (db: Knex, testId: number): Promise<TestPayload> => {
  const version = (await testVersion(db, testId)) ?? 'missing';
  const cached = cache.get(testId);
  if (cached && cached.version === version) {
    cache.delete(testId); // most recently used last
    cache.set(testId, cached);
    return cached;
  }
  const built = await build(db, testId, version);
  cache.set(testId, built);
  if (cache.size > MAX_ENTRIES) {
    cache.delete(cache.keys().next().value as number);
  }
  return built;
};
