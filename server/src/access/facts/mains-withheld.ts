import type { Core } from '@strapi/strapi';
import { mainsTestIds } from './mains-tests';
import { knexOf } from '../../platform/db/sql';

/**
 * Learners never receive the marks of an unpublished Mains result through the generic API (REST
 * and GraphQL): these fields of such a result are withheld (src/access/output-guard.ts,
 * graphql-guard.ts). A result is Mains when it belongs to an assignment or a Mains test, or has
 * evaluations.
 */
export const WITHHELD_RESULT_FIELDS = [
  'total_marks',
  'evaluation_document',
  'grade',
  'evaluations',
] as const;

/** Which of the result ids are unpublished Mains results. */
export const withheldResultIds = async (
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
