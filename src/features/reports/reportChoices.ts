// The reports screen's kinds of work: Mains tests and assignments (ResultsView) and
// multiple-choice tests (TestReportsView) and the leaderboard of a series (LeaderboardView),
// chosen by ?kind= in the address.
export const kindChoices = [
  { value: 'mcq', label: 'Multiple-choice test' },
  { value: 'test', label: 'Mains test' },
  { value: 'assignment', label: 'Assignment' },
  { value: 'leaderboard', label: 'Leaderboard across tests' },
];

export const attemptChoices = [
  { value: 'best', label: 'Best attempt' },
  { value: 'last', label: 'Last attempt' },
  { value: 'all', label: 'All attempts' },
];

/** 2 decimals at most, a dash for nothing. */
export function figure(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '—';
  return String(Number(value.toFixed(digits)));
}

/** A share (0–1) as a percent. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${figure(value * 100, 1)} %`;
}

/** Seconds as "12 min 5 s". */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return minutes > 0 ? `${minutes} min ${rest} s` : `${rest} s`;
}
