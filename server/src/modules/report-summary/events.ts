// Writes through Strapi's document service (REST, GraphQL, the people module's deletes) that
// touch scored results: a result created, changed or deleted, an attempt or answer changed or
// deleted, a learner deleted (their result links go with them). The tests involved are found
// before the write (a deleted row's links are gone after it) and rebuilt after it, in the same
// transaction (queue.ts):
// these are rare staff writes, and a rebuild cannot be wrong however the rows changed.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { sqlRows, type Db } from '../../platform/db/sql';
import { rebuildTest } from './queue';
import { kickSummaryWorker } from './worker';

interface DocumentContext {
  uid: string;
  action: string;
  params: { documentId?: string };
}
type Next = () => Promise<unknown>;

/** From a document of each type to the tests of its results. */
const TESTS_OF: Record<string, string> = {
  'api::result.result': `SELECT DISTINCT rt.test_id AS test_id FROM results r
    JOIN results_test_lnk rt ON rt.result_id = r.id WHERE r.document_id = ?`,
  'api::attempt.attempt': `SELECT DISTINCT rt.test_id AS test_id FROM attempts a
    JOIN results_attempt_lnk ra ON ra.attempt_id = a.id
    JOIN results_test_lnk rt ON rt.result_id = ra.result_id WHERE a.document_id = ?`,
  'api::answer.answer': `SELECT DISTINCT rt.test_id AS test_id FROM answers an
    JOIN answers_attempt_lnk aa ON aa.answer_id = an.id
    JOIN results_attempt_lnk ra ON ra.attempt_id = aa.attempt_id
    JOIN results_test_lnk rt ON rt.result_id = ra.result_id WHERE an.document_id = ?`,
  'api::student.student': `SELECT DISTINCT rt.test_id AS test_id FROM students s
    JOIN results_student_lnk rs ON rs.student_id = s.id
    JOIN results_test_lnk rt ON rt.result_id = rs.result_id WHERE s.document_id = ?`,
};

const ACTIONS: Record<string, readonly string[]> = {
  'api::result.result': ['create', 'update', 'delete'],
  'api::attempt.attempt': ['update', 'delete'],
  'api::answer.answer': ['update', 'delete'],
  'api::student.student': ['delete'],
};

const testsOf = async (db: Db, uid: string, documentId: unknown): Promise<number[]> => {
  if (typeof documentId !== 'string' || documentId === '') return [];
  const rows = await sqlRows(db, TESTS_OF[uid], [documentId]);
  return rows.map((r) => Number(r.test_id));
};

export const createSummaryEvents =
  (strapi: Core.Strapi) =>
  async (ctx: DocumentContext, next: Next): Promise<unknown> => {
    if (!ACTIONS[ctx.uid]?.includes(ctx.action)) {
      return next();
    }
    // On the document service's transaction (the caller's, or one opened here): the rebuild
    // commits with the write (SQLite has one connection: another would wait for this one).
    const { result, rebuilt } = await strapi.db.transaction(async ({ trx }) => {
      const db = trx as unknown as Knex.Transaction;
      const before = await testsOf(db, ctx.uid, ctx.params.documentId);
      const out = await next();
      const created = (out as { documentId?: unknown } | null)?.documentId;
      const after = ctx.action === 'delete' ? [] : await testsOf(db, ctx.uid, created);
      const tests = new Set([...before, ...after]);
      for (const testId of tests) {
        await rebuildTest(db, testId);
      }
      return { result: out, rebuilt: tests.size };
    });
    if (rebuilt > 0) kickSummaryWorker(strapi);
    return result;
  };
