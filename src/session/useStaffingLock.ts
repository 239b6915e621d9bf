import { useAppSelector } from '../store/hooks';
import { selectRoleKind } from './sessionSlice';

/** Shown under a faculty picker that the signed-in user may not change. */
export const STAFFING_LOCKED_NOTE = 'Only administrators change who teaches or grades this.';

/**
 * Who teaches or grades a course, test or assignment decides who reads its learners' work, so
 * only administrators change it; the server refuses anyone else (issue 18). The forms show the
 * faculty picker read-only to others instead of letting them meet that refusal on save.
 */
export function useStaffingLock(): { locked: boolean; note: string | undefined } {
  const locked = useAppSelector(selectRoleKind) !== 'admin';
  return { locked, note: locked ? STAFFING_LOCKED_NOTE : undefined };
}
