// How a test's fields read in lists and on its page (the category chain and the duration read
// the same for an assignment).
import { formatDateTime } from '../../lib/dates';
import type { ReviewAnswerKey, Test, WorkListed } from './testTypes';

/** "UPSC › Mains › Essay", or "—". */
export function categoryChain(record: WorkListed): string {
  const parts = [
    record.test_category?.CategoryName,
    record.test_sub_category?.TestSubCategory,
    record.test_sub_category_2?.test_sub_category_2,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' › ') : '—';
}

export function validity(test: Test): string {
  if (!test.ValidFrom && !test.ValidTo) return 'Always';
  return `${formatDateTime(test.ValidFrom)} – ${formatDateTime(test.ValidTo)}`;
}

export function durationText(minutes: number | null | undefined): string {
  return minutes === null || minutes === undefined ? '—' : `${minutes} min`;
}

export function passMarkText(test: Test): string {
  if (test.PassMark === null || test.PassMark === undefined) return '—';
  return test.pass_mark_unit === 'percent' ? `${test.PassMark}%` : `${test.PassMark} marks`;
}

/** The review options of a test, in the order the form lists them (issue 18). */
export const REVIEW_ANSWER_KEY_CHOICES: readonly { value: ReviewAnswerKey; label: string }[] = [
  {
    value: 'after_last_attempt',
    label: 'After the learner’s last attempt, or when the test closes (recommended)',
  },
  { value: 'after_each_attempt', label: 'After each attempt' },
  { value: 'after_close', label: 'Only when the test closes (after “Valid to”)' },
  { value: 'never', label: 'Never' },
];

/** When learners see their score or their own answers (issue 23): at once by default. */
export const REVIEW_SHOWN_CHOICES: readonly { value: ReviewAnswerKey; label: string }[] = [
  { value: 'after_each_attempt', label: 'After each attempt (at once)' },
  {
    value: 'after_last_attempt',
    label: 'After the learner’s last attempt, or when the test closes',
  },
  { value: 'after_close', label: 'Only when the test closes (after “Valid to”)' },
  { value: 'never', label: 'Never' },
];

export function isReviewAnswerKey(value: unknown): value is ReviewAnswerKey {
  return REVIEW_ANSWER_KEY_CHOICES.some((choice) => choice.value === value);
}

/** "test" → "Test": a noun at the start of a label. */
export function capitalised(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}
