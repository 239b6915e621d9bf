/**
 * Marking of an objective answer and of a whole attempt, from stored answers and the questions'
 * keys and points only (design rule 3: a client never sends marks).
 *
 * Question types (issue 26; docs/decisions.md "Issue 26: question types"): single correct ('MCQ',
 * also a null or blank type: today's rows), multiple correct ('Multiple': the key and an answer
 * are sorted comma-separated letters, e.g. 'a,c'), true/false ('TrueFalse': 'true' or 'false'),
 * numeric ('Numeric': a decimal, within `answer_tolerance` of the key or inside
 * [`answer_min`, `answer_max`], bounds inclusive) and descriptive (marked by an evaluation).
 */
import { toNumber } from '../../platform/db/sql';

export interface MarkedQuestion {
  question_type: string | null;
  correct_answer: string | null;
  points_correct_answer: number | null;
  points_incorrect_answer: number | null;
  /** Numeric only: the accepted distance from the key (null: 0, an exact answer). */
  answer_tolerance?: number | null;
  /** Numeric only: the accepted range, used when both are set (instead of key ± tolerance). */
  answer_min?: number | null;
  answer_max?: number | null;
}

export type Outcome = 'correct' | 'partial' | 'incorrect' | 'unanswered' | 'descriptive';

export type QuestionKind = 'single' | 'multiple' | 'truefalse' | 'numeric' | 'descriptive';

/** How a multiple-correct question is marked: the test's `multiple_marking` (null: 'all'). */
export type MultipleRule = 'all_or_nothing' | 'partial';

export const multipleRuleOf = (value: unknown): MultipleRule =>
  value === 'partial' ? 'partial' : 'all_or_nothing';

export const ANSWER_CHOICES = ['a', 'b', 'c', 'd'] as const;

export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The kind of a stored `question_type` (any case; null, blank or unknown: single correct). */
export const kindOf = (questionType: string | null | undefined): QuestionKind => {
  switch ((questionType ?? '').trim().toLowerCase()) {
    case 'descriptive':
      return 'descriptive';
    case 'multiple':
      return 'multiple';
    case 'truefalse':
      return 'truefalse';
    case 'numeric':
      return 'numeric';
    default:
      return 'single';
  }
};

export const isDescriptive = (question: MarkedQuestion): boolean =>
  kindOf(question.question_type) === 'descriptive';

/** A decimal as a learner or an author writes it (sign, digits, point, exponent). */
export const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/;

/** The letters of a stored multiple answer or key ('a,c' → {a, c}); only a–d count. */
export const lettersOf = (value: string | null): Set<string> =>
  new Set(
    (value ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim())
      .filter((part) => (ANSWER_CHOICES as readonly string[]).includes(part)),
  );

/**
 * The accepted interval of a numeric question: [min, max] when both are set, else key ± tolerance
 * (tolerance null: 0). Null when the question has no usable key.
 */
export const numericRange = (question: MarkedQuestion): [number, number] | null => {
  const { answer_min: min, answer_max: max } = question;
  if (typeof min === 'number' && typeof max === 'number' && min <= max) {
    return [min, max];
  }
  const key = (question.correct_answer ?? '').trim();
  if (!DECIMAL.test(key)) {
    return null;
  }
  const tolerance = Math.abs(question.answer_tolerance ?? 0);
  return [Number(key) - tolerance, Number(key) + tolerance];
};

/**
 * Whether a number lies in [low, high], bounds inclusive. Binary floating point cannot hold most
 * decimals (9.8 + 0.1 is 9.9000000000000004), so each bound is widened by 1e-9 of its size (at
 * least 1e-9): an answer written exactly on a bound is accepted, one 0.001 outside is not.
 */
export const withinRange = (value: number, [low, high]: [number, number]): boolean => {
  const slack = (bound: number): number => 1e-9 * Math.max(1, Math.abs(bound));
  return value >= low - slack(low) && value <= high + slack(high);
};

const penalty = (question: MarkedQuestion): number =>
  // A positive "incorrect" value is read as a penalty of that size; never a reward.
  round2(-Math.abs(question.points_incorrect_answer ?? 0));

const full = (question: MarkedQuestion): number => round2(question.points_correct_answer ?? 0);

/**
 * Multiple correct. All or nothing: exactly the key's letters → full points; any other non-empty
 * choice → the penalty. Partial (JEE style): any wrong letter → the penalty; all the key's letters
 * → full points; some of them and no wrong one → full points × chosen ÷ key letters (rounded to 2
 * decimals; outcome 'partial').
 */
const markMultiple = (
  question: MarkedQuestion,
  chosen: Set<string>,
  rule: MultipleRule,
): { outcome: Outcome; points: number } => {
  const key = lettersOf(question.correct_answer);
  const wrong = [...chosen].filter((letter) => !key.has(letter)).length;
  const right = chosen.size - wrong;
  if (key.size > 0 && wrong === 0 && right === key.size) {
    return { outcome: 'correct', points: full(question) };
  }
  if (rule === 'partial' && key.size > 0 && wrong === 0 && right > 0) {
    return { outcome: 'partial', points: round2((full(question) * right) / key.size) };
  }
  return { outcome: 'incorrect', points: penalty(question) };
};

/**
 * Points of one answer: the correct points, the (≤ 0) incorrect points, a share of the correct
 * points (multiple correct under the partial rule), or 0 when unanswered.
 */
export const markAnswer = (
  question: MarkedQuestion,
  selected: string | null,
  rule: MultipleRule = 'all_or_nothing',
): { outcome: Outcome; points: number | null } => {
  const kind = kindOf(question.question_type);
  if (kind === 'descriptive') {
    // Mains answers are marked by an evaluation (issue 8), not here.
    return { outcome: 'descriptive', points: null };
  }
  const choice = (selected ?? '').trim().toLowerCase();
  if (!choice) {
    return { outcome: 'unanswered', points: 0 };
  }
  if (kind === 'multiple') {
    const chosen = lettersOf(choice);
    return chosen.size === 0
      ? { outcome: 'unanswered', points: 0 }
      : markMultiple(question, chosen, rule);
  }
  let right: boolean;
  if (kind === 'numeric') {
    const range = numericRange(question);
    right = range !== null && DECIMAL.test(choice) && withinRange(Number(choice), range);
  } else {
    right = choice === (question.correct_answer ?? '').trim().toLowerCase();
  }
  return right
    ? { outcome: 'correct', points: full(question) }
    : { outcome: 'incorrect', points: penalty(question) };
};

/** The columns of a question (aliased q) that marking reads, for a SELECT list. */
export const MARKING_COLUMNS_SQL = `q.question_type AS question_type,
    q.correct_answer AS correct_answer, q.points_correct_answer AS points_correct_answer,
    q.points_incorrect_answer AS points_incorrect_answer, q.answer_tolerance AS answer_tolerance,
    q.answer_min AS answer_min, q.answer_max AS answer_max`;

/** A MarkedQuestion from a row holding MARKING_COLUMNS_SQL's columns (numbers as the driver gives). */
export const markedQuestionOf = (row: Record<string, unknown>): MarkedQuestion => ({
  question_type: (row.question_type as string | null | undefined) ?? null,
  correct_answer: (row.correct_answer as string | null | undefined) ?? null,
  points_correct_answer: toNumber(row.points_correct_answer),
  points_incorrect_answer: toNumber(row.points_incorrect_answer),
  answer_tolerance: toNumber(row.answer_tolerance),
  answer_min: toNumber(row.answer_min),
  answer_max: toNumber(row.answer_max),
});

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
