// The reports' summary tables (issue 22): plain tables the API never exposes (like the exam's
// integrity log), made at every start if missing, on SQLite and PostgreSQL alike. Why a summary:
// item analysis and subject-wise performance over 50,000 results × 100 questions read 5 million
// answers through two link tables (8–14 s); these counters hold the same figures in a few
// hundred thousand rows at most, kept up to date by the writes that change a scored result
// (docs/decisions.md, "Reports (issue 22) — summary tables").
import type { Core } from '@strapi/strapi';
import type { Knex as KnexTypes } from 'knex';
import { ensureTable } from '../../platform/db/own-tables';

/**
 * A row per test whose summary is kept (made by the backfill: every result enqueued), with how
 * many results its summary knows of (counted at the rebuild, grown by the fold with the results
 * the writes queued): a result written some other way than the server's own writes (a script's
 * SQL) shows as a different count, and the reports do without the summary until the worker has
 * rebuilt it.
 */
export const SUMMARY_TESTS_TABLE = 'app_report_summary_tests';
/** (test, learner) pairs whose counted results must be worked out again (the fold's queue). */
export const SUMMARY_PENDING_TABLE = 'app_report_summary_pending';
/** Per test, pick (best/last) and learner: the result counted and its total when counted. */
export const SUMMARY_PICKS_TABLE = 'app_report_summary_picks';
/**
 * Per test, pick, question, chosen option ('' blank) and result total: how many answers, how
 * many marked important, the marks they earned and how many scored above zero.
 */
export const SUMMARY_COUNTS_TABLE = 'app_report_summary_counts';

type Knex = Core.Strapi['db']['connection'];
type CreateTableBuilder = KnexTypes.CreateTableBuilder;

export const ensureSummaryTables = async (knex: Knex): Promise<void> => {
  const create = (name: string, build: (t: CreateTableBuilder) => void) =>
    ensureTable(knex, name, build);
  await create(SUMMARY_TESTS_TABLE, (t) => {
    t.integer('test_id').notNullable().primary();
    t.integer('results').notNullable().defaultTo(-1);
  });
  await create(SUMMARY_PENDING_TABLE, (t) => {
    t.increments('id');
    t.integer('test_id').notNullable();
    t.integer('student_id').notNullable();
    // 1 while a fold's transaction works on the row (rows added meanwhile stay 0).
    t.integer('claimed').notNullable().defaultTo(0);
    // 1: the write added a result of the test (the state's count grows by it when folded).
    t.integer('added').notNullable().defaultTo(0);
    t.index(['test_id', 'claimed'], 'app_report_summary_pending_test_idx');
  });
  await create(SUMMARY_PICKS_TABLE, (t) => {
    t.integer('test_id').notNullable();
    t.string('pick', 8).notNullable();
    t.integer('student_id').notNullable();
    t.integer('result_id').notNullable();
    t.integer('attempt_id').notNullable();
    // The type of results.total_marks, so the order and the ties are the results' own.
    t.decimal('total', 10, 2);
    t.primary(['test_id', 'pick', 'student_id']);
    t.index(['test_id', 'pick', 'total', 'result_id'], 'app_report_summary_picks_total_idx');
  });
  await create(SUMMARY_COUNTS_TABLE, (t) => {
    t.integer('test_id').notNullable();
    t.string('pick', 8).notNullable();
    t.integer('question_id').notNullable();
    t.string('choice', 255).notNullable();
    t.decimal('total', 10, 2).notNullable();
    t.integer('n').notNullable();
    t.integer('important').notNullable();
    t.decimal('earned', 18, 2).notNullable();
    t.integer('right_n').notNullable();
    t.primary(['test_id', 'pick', 'question_id', 'choice', 'total']);
  });
};
