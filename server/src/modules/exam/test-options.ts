// A test's delivery options of issue 23 (practice limit, review of score and answers, rank, the
// negative total), read in one small query where a rule needs them, so the shared test select
// (attempt-rows.ts TEST_SELECT) stays as it is. Each default is today's behaviour for a test saved
// before the fields existed (null columns).
import type { Knex } from 'knex';
import { sqlRows, toBool, toNumber } from '../../platform/db/sql';
import { DEFAULT_REVIEW_SCORE, type ReviewAnswerKey, reviewOption } from './review-key';
import { type SectionDef, storedSectionDefs } from './section-plan';

export type NegativeTotal = 'keep' | 'floor';

export interface TestOptions {
  /** null: unlimited practice attempts (0 is read the same way). */
  maxPracticeAttempts: number | null;
  reviewScore: ReviewAnswerKey;
  reviewAnswers: ReviewAnswerKey;
  showRank: boolean;
  negativeTotal: NegativeTotal;
  /** Sections with their own timers (section-plan.ts); null: none, today's single clock. */
  sections: SectionDef[] | null;
  sectionsFixedOrder: boolean;
}

interface OptionRow {
  max_practice_attempts: unknown;
  review_score: unknown;
  review_answers: unknown;
  show_rank: unknown;
  negative_total: unknown;
  sections: unknown;
  sections_fixed_order: unknown;
}

export const negativeTotalOption = (value: unknown): NegativeTotal =>
  value === 'floor' ? 'floor' : 'keep';

export const testOptions = async (
  db: Knex | Knex.Transaction,
  testId: number,
): Promise<TestOptions> => {
  const [row] = await sqlRows<OptionRow>(
    db,
    `SELECT max_practice_attempts, review_score, review_answers, show_rank, negative_total,
      sections, sections_fixed_order
      FROM tests WHERE id = ? LIMIT 1`,
    [testId],
  );
  const limit = toNumber(row?.max_practice_attempts);
  return {
    maxPracticeAttempts: limit && limit > 0 ? limit : null,
    reviewScore: reviewOption(row?.review_score, DEFAULT_REVIEW_SCORE),
    reviewAnswers: reviewOption(row?.review_answers, DEFAULT_REVIEW_SCORE),
    showRank:
      row?.show_rank === null || row?.show_rank === undefined ? true : toBool(row.show_rank),
    negativeTotal: negativeTotalOption(row?.negative_total),
    sections: storedSectionDefs(row?.sections),
    sectionsFixedOrder: toBool(row?.sections_fixed_order),
  };
};
