// Shuffled delivery (issue 23): a test may show its questions and/or each question's options in a
// per-learner order. Why this shape: the order is a pure function of one integer stored on the
// attempt (`shuffle_seed`), so the start answer and every resume give the same order without
// storing a permutation, and nothing else changes. The options keep their ORIGINAL letters as their
// identity (the learner's answer is saved as the original letter, the player only displays them in
// `option_order`), so marking, review, item analysis and regrade need no mapping back.
//
// The seed also records which shuffles were on when the attempt started (its two low bits), so a
// staff member flipping the test's switches later does not reorder an attempt already running.
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { sqlRows, toBool, toNumber } from '../../platform/db/sql';
import { kindOf } from './marking';

export const OPTION_LETTERS = ['a', 'b', 'c', 'd'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

const QUESTIONS_BIT = 1;
const OPTIONS_BIT = 2;

export interface ShuffleFlags {
  questions: boolean;
  options: boolean;
}

/** mulberry32: a small, fast, deterministic PRNG over 32-bit state; values in [0, 1). */
export const mulberry32 = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A Fisher–Yates shuffle of a copy of `items`, drawing from `rand`. */
export const shuffled = <T>(items: readonly T[], rand: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/** The test's two switches (null columns of tests saved before them: off, today's order). */
export const shuffleFlagsOf = async (
  db: Knex | Knex.Transaction,
  testId: number,
): Promise<ShuffleFlags> => {
  const [row] = await sqlRows<{ shuffle_questions: unknown; shuffle_options: unknown }>(
    db,
    'SELECT shuffle_questions, shuffle_options FROM tests WHERE id = ? LIMIT 1',
    [testId],
  );
  return { questions: toBool(row?.shuffle_questions), options: toBool(row?.shuffle_options) };
};

/**
 * A new attempt's seed: null when neither shuffle is on (today's order), else a random positive
 * 31-bit integer whose two low bits say which shuffles apply.
 */
export const newShuffleSeed = (flags: ShuffleFlags): number | null => {
  if (!flags.questions && !flags.options) {
    return null;
  }
  const bits = (flags.questions ? QUESTIONS_BIT : 0) | (flags.options ? OPTIONS_BIT : 0);
  return randomInt(1, 2 ** 29) * 4 + bits;
};

/** Which shuffles a stored seed applies (none for null or a malformed value). */
export const flagsOfSeed = (seed: unknown): ShuffleFlags => {
  const value = toNumber(seed);
  if (value === null || !Number.isInteger(value) || value <= 0) {
    return { questions: false, options: false };
  }
  return { questions: (value & QUESTIONS_BIT) !== 0, options: (value & OPTIONS_BIT) !== 0 };
};

/** Whether an attempt with this seed was shown in a different order. */
export const isShuffled = (seed: unknown): boolean => {
  const flags = flagsOfSeed(seed);
  return flags.questions || flags.options;
};

interface LearnerQuestion {
  question_type?: unknown;
  option_a?: unknown;
  option_b?: unknown;
  option_c?: unknown;
  option_d?: unknown;
}

const present = (question: LearnerQuestion, letter: OptionLetter): boolean => {
  const text = question[`option_${letter}`];
  return text !== null && text !== undefined && text !== '';
};

const hasOptions = (question: LearnerQuestion): boolean => {
  const kind = kindOf(typeof question.question_type === 'string' ? question.question_type : null);
  return kind === 'single' || kind === 'multiple';
};

/**
 * The learner's questions (in the test's order, without the key) in the attempt's order: the
 * questions permuted when that shuffle is on, and each question given `option_order` (its present
 * options' ORIGINAL letters in display order) when the options shuffle is on. Without a seed the
 * list is returned as it is (today's shape and order).
 */
export const orderForLearner = <Q extends LearnerQuestion>(
  questions: Q[],
  seed: unknown,
): Array<Q & { option_order?: OptionLetter[] }> => {
  const flags = flagsOfSeed(seed);
  if (!flags.questions && !flags.options) {
    return questions;
  }
  const rand = mulberry32(toNumber(seed) ?? 0);
  // Options are drawn per question in the ORIGINAL order first, so a question's option order does
  // not depend on where the question lands.
  const withOptions = flags.options
    ? questions.map((q) =>
        // Only questions with options A–D (single and multiple correct) get an order (issue 26):
        // true/false is always shown True, False and a numeric question has no options.
        hasOptions(q)
          ? {
              ...q,
              option_order: shuffled(
                OPTION_LETTERS.filter((letter) => present(q, letter)),
                rand,
              ),
            }
          : q,
      )
    : questions;
  return flags.questions ? shuffled(withOptions, rand) : withOptions;
};
