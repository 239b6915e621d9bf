// GET /api/test-data (issue 22): a test's statistics and item analysis, machine-readable.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { ITEM_NOTES, STATISTICS_NOTES } from './figures';
import { itemAnalysis } from './items';
import { pickOf, reportTarget } from './scope';
import { statistics } from './statistics';
import { knexOf } from '../../platform/db/sql';

type Query = Record<string, unknown>;

export const testData = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Query,
): Promise<Record<string, unknown>> => {
  const db = knexOf(strapi);
  const pick = pickOf(query.attempt);
  const { test, scope } = await reportTarget(db, caller, query.testId, query.batchId);
  // Side by side: on PostgreSQL each on a connection of its own (SQLite runs them in turn).
  const [stats, analysis] = await Promise.all([
    statistics(db, test, scope, pick),
    itemAnalysis(db, test, scope, pick),
  ]);
  return {
    test: {
      documentId: test.documentId,
      name: test.name,
      maxMarks: test.maxMarks,
      passMark: test.passMark,
      questions: test.questions,
    },
    attempt: pick,
    statistics: stats.statistics,
    perBatch: stats.perBatch,
    groups: { learners: analysis.learners, groupSize: analysis.groupSize },
    items: analysis.items,
    notes: { statistics: STATISTICS_NOTES, items: ITEM_NOTES },
  };
};
