import { GRACE_MS } from '../../access/facts/attempt-deadlines';

/**
 * When a learner's review of an ended attempt (GET /api/test/prelims/results/:id) shows the answer
 * key: the correct answers, the explanations and the points of each question (issue 18, as
 * Moodle's review options). The same four choices decide, per test, when the learner sees their
 * score (`review_score`) and their own answers (`review_answers`) (issue 23). The generic endpoints never show it to a learner (access/rules.ts
 * ANSWER_KEY_FIELDS); this decides the one endpoint that does.
 *
 * - after_each_attempt: as soon as the attempt has ended.
 * - after_last_attempt (the default): once the learner can neither continue nor start another
 *   counted attempt of the test (all `max_attempts` used and none open), or the test has closed
 *   (`ValidTo` passed), whichever comes first. With unlimited attempts (0): when the test closes.
 * - after_close: once the test has closed; a test without `ValidTo` never closes.
 * - never.
 *
 * The default never shows a key while the learner may still use it in an attempt of that test.
 */
export const REVIEW_ANSWER_KEY_OPTIONS = [
  'after_each_attempt',
  'after_last_attempt',
  'after_close',
  'never',
] as const;

export type ReviewAnswerKey = (typeof REVIEW_ANSWER_KEY_OPTIONS)[number];

export const DEFAULT_REVIEW_ANSWER_KEY: ReviewAnswerKey = 'after_last_attempt';

/** Score and answers are shown at once unless the test says otherwise (today's behaviour). */
export const DEFAULT_REVIEW_SCORE: ReviewAnswerKey = 'after_each_attempt';

/** The stored option; a test saved before the field existed (null) has the default. */
export const reviewOption = (
  value: unknown,
  fallback: ReviewAnswerKey = DEFAULT_REVIEW_ANSWER_KEY,
): ReviewAnswerKey =>
  (REVIEW_ANSWER_KEY_OPTIONS as readonly unknown[]).includes(value)
    ? (value as ReviewAnswerKey)
    : fallback;

/** One of the learner's attempts of the test, as far as this rule needs it. */
export interface LearnerAttempt {
  ended: boolean;
  practice: boolean;
  expiresAt: Date | null;
}

export interface KeyFacts {
  option: ReviewAnswerKey;
  now: Date;
  /** The test's ValidTo. */
  closesAt: Date | null;
  /** The test's max_attempts (null: 1, as the start counts it; 0: unlimited). */
  maxAttempts: number | null;
  /** Whether the reviewed attempt is a practice one (its answers can be checked one by one). */
  practiceAttempt: boolean;
  /** All of the learner's attempts of the test. */
  attempts: LearnerAttempt[];
}

export interface KeyDecision {
  shown: boolean;
  /** Why not, for the learner (null when shown). */
  message: string | null;
}

const SHOWN: KeyDecision = { shown: true, message: null };

/** What is decided, in the learner's words: "The answer key", "Your score", "Your answers". */
export type ReviewedPart = 'The answer key' | 'Your score' | 'Your answers';

/**
 * Whether the learner's review shows `what` now under `facts.option`. A practice attempt shows
 * everything (its answers are checked one by one anyway, POST /api/test/prelims/check). Scored
 * attempts count towards "the last attempt"; practice attempts never do (issue 23).
 */
export const reviewDecision = (
  facts: KeyFacts,
  what: ReviewedPart = 'The answer key',
): KeyDecision => {
  const closed = facts.closesAt !== null && facts.now.getTime() > facts.closesAt.getTime();
  const plural = what === 'Your answers' ? 'are' : 'is';
  if (facts.option === 'never') {
    return {
      shown: false,
      message:
        what === 'The answer key'
          ? 'The answer key of this test is not shown to learners.'
          : `${what} ${plural} not shown to learners for this test.`,
    };
  }
  if (facts.option === 'after_each_attempt' || facts.practiceAttempt || closed) {
    return SHOWN;
  }
  const whenCloses = facts.closesAt
    ? `when the test closes on ${facts.closesAt.toISOString()}`
    : 'when the test closes';
  if (facts.option === 'after_close') {
    return { shown: false, message: `${what} ${plural} shown ${whenCloses}.` };
  }
  const scored = facts.attempts.filter((a) => !a.practice);
  const canContinue = scored.some(
    (a) =>
      !a.ended && (a.expiresAt === null || a.expiresAt.getTime() + GRACE_MS >= facts.now.getTime()),
  );
  const limit = facts.maxAttempts ?? 1;
  const canStart = limit === 0 || scored.length < limit;
  if (!canContinue && !canStart) {
    return SHOWN;
  }
  return {
    shown: false,
    message: `${what} ${plural} shown after your last attempt of this test, or ${whenCloses}.`,
  };
};

/** Whether the learner's review shows the key now (the option is `review_answer_key`). */
export const answerKeyDecision = (facts: KeyFacts): KeyDecision =>
  reviewDecision(facts, 'The answer key');
