import type { Knex } from 'knex';

/**
 * Which tests are Mains (issue 8): a sub-category named "Mains", or any Descriptive question.
 * A fact of its own, with no service behind it, so the access rules (withheld marks) and the exam
 * and Mains services can all read it without importing each other.
 */
export const mainsTestIds = async (knex: Knex, testIds: number[]): Promise<Set<number>> => {
  if (testIds.length === 0) {
    return new Set();
  }
  const [bySubCategory, byQuestion] = await Promise.all([
    knex('tests_test_sub_category_lnk as l')
      .join('test_sub_categories as c', 'c.id', 'l.test_sub_category_id')
      .whereIn('l.test_id', testIds)
      .whereRaw('LOWER(c.test_sub_category) = ?', ['mains'])
      .select('l.test_id'),
    knex('questions_test_lnk as l')
      .join('questions as q', 'q.id', 'l.question_id')
      .whereIn('l.test_id', testIds)
      .whereRaw('LOWER(q.question_type) = ?', ['descriptive'])
      .distinct('l.test_id'),
  ]);
  return new Set([...bySubCategory, ...byQuestion].map((r: { test_id: number }) => r.test_id));
};
