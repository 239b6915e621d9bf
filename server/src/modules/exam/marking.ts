/**
 * Marking of an objective (MCQ) answer and of a whole attempt, from stored answers and the
 * questions' points only (design rule 3: a client never sends marks).
 */
export interface MarkedQuestion {
  question_type: string | null;
  correct_answer: string | null;
  points_correct_answer: number | null;
  points_incorrect_answer: number | null;
}

export type Outcome = 'correct' | 'incorrect' | 'unanswered' | 'descriptive';

export const ANSWER_CHOICES = ['a', 'b', 'c', 'd'] as const;

export const round2 = (value: number): number => Math.round(value * 100) / 100;

export const isDescriptive = (question: MarkedQuestion): boolean =>
  (question.question_type ?? '').toLowerCase() === 'descriptive';

/** Points of one answer: the correct points, the (≤ 0) incorrect points, or 0 when unanswered. */
export const markAnswer = (
  question: MarkedQuestion,
  selected: string | null,
): { outcome: Outcome; points: number | null } => {
  if (isDescriptive(question)) {
    // Mains answers are marked by an evaluation (issue 8), not here.
    return { outcome: 'descriptive', points: null };
  }
  const choice = (selected ?? '').trim().toLowerCase();
  if (!choice) {
    return { outcome: 'unanswered', points: 0 };
  }
  if (choice === (question.correct_answer ?? '').trim().toLowerCase()) {
    return { outcome: 'correct', points: round2(question.points_correct_answer ?? 0) };
  }
  // A positive "incorrect" value is read as a penalty of that size; never a reward.
  return { outcome: 'incorrect', points: round2(-Math.abs(question.points_incorrect_answer ?? 0)) };
};

/** Pass rule: 'marks' (default) → total ≥ PassMark; 'percent' → total / MaximumMarks × 100 ≥ PassMark. */
export const hasPassed = (
  total: number,
  passMark: number | null,
  unit: string | null,
  maximumMarks: number | null,
): boolean | null => {
  if (passMark === null) {
    return null;
  }
  if (unit === 'percent') {
    if (!maximumMarks || maximumMarks <= 0) {
      return null;
    }
    return (total / maximumMarks) * 100 >= passMark - 1e-9;
  }
  return total >= passMark - 1e-9;
};

/**
 * Standing among the learners of a test (their best non-practice total each):
 * rank = 1 + learners with a higher best total; percentile = (below + ½ × equal) / N × 100,
 * where "equal" counts this learner too; rounded to 1 decimal.
 */
export const standing = (
  higher: number,
  lower: number,
  equal: number,
): { rank: number; outOf: number; percentile: number } => {
  const outOf = higher + lower + equal;
  const percentile = outOf === 0 ? 0 : ((lower + 0.5 * equal) / outOf) * 100;
  return { rank: higher + 1, outOf, percentile: Math.round(percentile * 10) / 10 };
};

/**
 * An attempt's total under the test's `negative_total` option (issue 23): 'keep' (the default,
 * today's behaviour) lets a total below zero stand; 'floor' raises it to 0. Questions' own marks
 * are never changed: only the total (and so pass, rank and percentile) follows.
 */
export const finalTotal = (total: number, negativeTotal: 'keep' | 'floor'): number =>
  negativeTotal === 'floor' && total < 0 ? 0 : round2(total);
