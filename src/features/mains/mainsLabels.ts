// Words of Mains work shared by the learner's and the staff's screens.
import type { MainsStatus, WorkState } from './mainsTypes';

/** The status as the table and the script page show it: Pending lists the subjects left. */
export function statusText(status: MainsStatus, pendingSubjects: readonly string[] = []): string {
  if (status === 'Pending' && pendingSubjects.length > 0) {
    return `Pending (${pendingSubjects.join(', ')})`;
  }
  return status;
}

export type ChipColour = 'default' | 'success' | 'info' | 'warning' | 'primary';

export function statusColour(status: MainsStatus): ChipColour {
  switch (status) {
    case 'Published':
      return 'success';
    case 'Completed':
      return 'primary';
    case 'In Progress':
      return 'info';
    case 'Pending':
      return 'warning';
    default:
      return 'default';
  }
}

export function stateText(state: WorkState): string {
  if (state === 'submitted') return 'Submitted';
  if (state === 'in-progress') return 'In progress';
  if (state === 'time-ended') return 'Time ended';
  return 'Not started';
}

/** Marks for people: whole numbers plain, others to two places. */
export function marksText(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** "2 days 03:04:05" / "03:04:05" for a countdown. */
export function countdownText(totalMs: number): string {
  const total = Math.max(0, Math.floor(totalMs / 1000));
  const days = Math.floor(total / 86400);
  const rest = total % 86400;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  if (days === 0) return clock;
  return `${days} day${days === 1 ? '' : 's'} ${clock}`;
}
