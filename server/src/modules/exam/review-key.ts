import { GRACE_MS } from '../../access/facts/attempt-deadlines';

/**
 * When a learner's review of an ended attempt (GET /api/test/prelims/results/:id) shows the answer
 * key: the correct answers, the explanations and the points of each question (issue 18, as
 * Moodle's review options). The generic endpoints never show it to a learner (access/rules.ts
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

/** The stored option; a test saved before the field existed (null) has the default. */
export const reviewOption = (value: unknown): ReviewAnswerKey =>
  (REVIEW_ANSWER_KEY_OPTIONS as readonly unknown[]).includes(value)
    ? (value as ReviewAnswerKey)
    : DEFAULT_REVIEW_ANSWER_KEY;

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
  /** The test's enable_practice_test: its new attempts are practice ones, never counted. */
  practiceTest: boolean;
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

/** Whether the learner's review shows the key now. */
export const answerKeyDecision = (facts: KeyFacts): KeyDecision => {
  const closed = facts.closesAt !== null && facts.now.getTime() > facts.closesAt.getTime();
  if (facts.option === 'never') {
    return { shown: false, message: 'The answer key of this test is not shown to learners.' };
  }
  // A practice attempt shows each answer's key on demand (POST /api/test/prelims/check) anyway.
  if (facts.option === 'after_each_attempt' || facts.practiceAttempt || closed) {
    return SHOWN;
  }
  const whenCloses = facts.closesAt
    ? `when the test closes on ${facts.closesAt.toISOString()}`
    : 'when the test closes';
  if (facts.option === 'after_close') {
    return { shown: false, message: `The answer key is shown ${whenCloses}.` };
  }
  const canContinue = facts.attempts.some(
    (a) =>
      !a.ended && (a.expiresAt === null || a.expiresAt.getTime() + GRACE_MS >= facts.now.getTime()),
  );
  const limit = facts.maxAttempts ?? 1;
  const used = facts.attempts.filter((a) => !a.practice).length;
  const canStart = !facts.practiceTest && (limit === 0 || used < limit);
  if (!canContinue && !canStart) {
    return SHOWN;
  }
  return {
    shown: false,
    message: `The answer key is shown after your last attempt of this test, or ${whenCloses}.`,
  };
};
