// How a test's fields read in lists and on its page.
import { formatDateTime } from '../../lib/dates';
import type { Test } from './testTypes';

export function categoryChain(test: Test): string {
  const parts = [
    test.test_category?.CategoryName,
    test.test_sub_category?.TestSubCategory,
    test.test_sub_category_2?.test_sub_category_2,
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
