import type { Assignment } from './assignmentTypes';

/** "UPSC › Mains › Essay", or "—". */
export function assignmentCategoryChain(assignment: Assignment): string {
  const parts = [
    assignment.test_category?.CategoryName,
    assignment.test_sub_category?.TestSubCategory,
    assignment.test_sub_category_2?.test_sub_category_2,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' › ') : '—';
}

export function minutesText(minutes: number | null | undefined): string {
  return minutes === null || minutes === undefined ? '—' : `${minutes} min`;
}
