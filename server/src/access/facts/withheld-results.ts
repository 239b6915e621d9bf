import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { mainsTestIds } from './mains-tests';
import { knexOf, toDate } from '../../platform/db/sql';

/**
 * What learners never receive through the generic API (REST and GraphQL, src/access/output-guard.ts
 * and graphql-guard.ts): these fields of a result that is withheld from them.
 *
 * - An unpublished Mains result (issue 8): its marks wait for publication.
 * - A multiple-choice result whose test does not show the score yet (issue 23, `review_score`).
 *   The learner's review and My progress (src/modules/exam/review.ts) apply the full rule, which
 *   also looks at the learner's own attempts ("after the last attempt"); the generic channels use
 *   a stricter one that needs no attempt history: the score shows when the test says "after each
 *   attempt" (the default), or says "after the last attempt" / "after the test closes" and the test
 *   has closed for everyone (its ValidTo and every personal window of its accommodations passed).
 *   "Never" never shows. Stricter is safe: the product's screens use the full rule.
 */
export const WITHHELD_RESULT_FIELDS = [
  'total_marks',
  'evaluation_document',
  'grade',
  'evaluations',
  'passed',
  'correct_count',
  'incorrect_count',
  'unanswered_count',
] as const;

/** Which of the result ids are withheld from their learner in the generic API (see above). */
export const withheldResultIds = async (
  strapi: Core.Strapi,
  ids: Iterable<number>,
): Promise<Set<number>> => {
  const unique = [...new Set(ids)];
  const [mains, scores] = await Promise.all([
    unpublishedMainsResultIds(strapi, unique),
    scoreHiddenResultIds(knexOf(strapi), unique),
  ]);
  return new Set([...mains, ...scores]);
};

/** Multiple-choice results whose test does not show the score to learners yet (see above). */
const scoreHiddenResultIds = async (knex: Knex, ids: number[]): Promise<Set<number>> => {
  if (ids.length === 0) {
    return new Set();
  }
  const links = (await knex('results_test_lnk')
    .whereIn('result_id', ids)
    .select('result_id', 'test_id')) as Array<{ result_id: number; test_id: number }>;
  const hidden = await scoreHiddenTestIds(knex, [...new Set(links.map((l) => Number(l.test_id)))]);
  return new Set(
    links.filter((l) => hidden.has(Number(l.test_id))).map((l) => Number(l.result_id)),
  );
};

/**
 * Of these tests, those whose scores learners may not see yet by the generic rule above (also the
 * learners' leaderboard across tests, which counts only tests whose scores are out).
 */
export const scoreHiddenTestIds = async (knex: Knex, testIds: number[]): Promise<Set<number>> => {
  if (testIds.length === 0) {
    return new Set();
  }
  const rows = (await knex('tests as t')
    .whereIn('t.id', testIds)
    .whereNotNull('t.review_score')
    .whereNot('t.review_score', 'after_each_attempt')
    .select(
      't.id',
      't.review_score',
      't.valid_to',
      knex.raw(
        `(SELECT MAX(acc.window_to) FROM accommodations acc
          JOIN accommodations_test_lnk al ON al.accommodation_id = acc.id
          WHERE al.test_id = t.id) AS personal_to`,
      ),
    )) as Array<{ id: number; review_score: string; valid_to: unknown; personal_to: unknown }>;
  const now = Date.now();
  const out = new Set<number>();
  for (const r of rows) {
    const closesAt = toDate(r.valid_to);
    const personal = toDate(r.personal_to);
    const closed =
      closesAt !== null &&
      closesAt.getTime() < now &&
      (personal === null || personal.getTime() < now);
    if (r.review_score === 'never' || !closed) {
      out.add(Number(r.id));
    }
  }
  return out;
};

/** Which of the result ids are unpublished Mains results. */
export const unpublishedMainsResultIds = async (
  strapi: Core.Strapi,
  ids: Iterable<number>,
): Promise<Set<number>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    return new Set();
  }
  const knex = knexOf(strapi);
  const rows = (await knex('results as r')
    .leftJoin('results_assignment_lnk as g', 'g.result_id', 'r.id')
    .leftJoin('results_test_lnk as t', 't.result_id', 'r.id')
    .whereIn('r.id', unique)
    .where((q) => q.whereNull('r.is_published').orWhere('r.is_published', false))
    .select(
      'r.id',
      'g.assignment_id',
      't.test_id',
      knex.raw(
        'EXISTS (SELECT 1 FROM results_evaluations_lnk e WHERE e.result_id = r.id) as evaluated',
      ),
    )) as Array<{
    id: number;
    assignment_id: number | null;
    test_id: number | null;
    evaluated: unknown;
  }>;
  const testIds = rows.map((r) => r.test_id).filter((id): id is number => id !== null);
  const mains = await mainsTestIds(knex, [...new Set(testIds.map(Number))]);
  const out = new Set<number>();
  for (const r of rows) {
    const evaluated = r.evaluated === true || Number(r.evaluated) === 1;
    if (
      r.assignment_id !== null ||
      evaluated ||
      (r.test_id !== null && mains.has(Number(r.test_id)))
    ) {
      out.add(Number(r.id));
    }
  }
  return out;
};

/** The evaluations of the learner's own published results (what a learner may read). */
export const publishedEvaluationIds = async (
  strapi: Core.Strapi,
  studentId: number,
): Promise<number[]> => {
  const rows = (await knexOf(strapi)('results_evaluations_lnk as re')
    .join('results as r', 'r.id', 're.result_id')
    .join('results_student_lnk as s', 's.result_id', 'r.id')
    .where('s.student_id', studentId)
    .where('r.is_published', true)
    .select('re.evaluation_id')) as Array<{ evaluation_id: number }>;
  return rows.map((r) => Number(r.evaluation_id));
};
