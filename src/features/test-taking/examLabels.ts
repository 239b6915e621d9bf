// How the learner's test facts read on screen, in the chosen language (issue 24: called while a
// component that uses useTranslation renders, so a language change renders them again).
import { formatDateTime } from '../../lib/dates';
import { t } from '../../lib/i18n';
import type { MyTest } from './examTypes';

export function attemptsText(test: Pick<MyTest, 'attemptsLeft' | 'max_attempts'>): string {
  if (test.attemptsLeft === null) return t('labels.unlimitedAttempts');
  return t('labels.attemptsLeft', { left: test.attemptsLeft, count: test.max_attempts });
}

/** The practice side of a test (issue 23): unlimited unless the test limits it; not counted. */
export function practiceText(
  test: Pick<MyTest, 'enable_practice_test' | 'practiceAttemptsLeft'>,
): string | null {
  if (!test.enable_practice_test) return null;
  const left = test.practiceAttemptsLeft ?? null;
  if (left === null) return t('labels.practiceUnlimited');
  return t('labels.practiceLeft', { left });
}

/** Whether a practice attempt may still be started. */
export function canPractise(
  test: Pick<MyTest, 'enable_practice_test' | 'practiceAttemptsLeft'>,
): boolean {
  const left = test.practiceAttemptsLeft ?? null;
  return test.enable_practice_test && (left === null || left > 0);
}

export function windowText(from: string | null, to: string | null): string {
  if (!from && !to) return t('labels.openAnyTime');
  const parts: string[] = [];
  if (from) parts.push(t('labels.opens', { date: formatDateTime(from, { zone: true }) }));
  if (to) parts.push(t('labels.closes', { date: formatDateTime(to, { zone: true }) }));
  return parts.join(' · ');
}

export type TestAction =
  | { kind: 'resume'; attemptId: string }
  | { kind: 'start' }
  | { kind: 'unavailable'; reason: string };

/** What the learner may do now: resume, start, or why not. */
export function primaryAction(test: MyTest, now = Date.now()): TestAction {
  if (test.openAttemptId) return { kind: 'resume', attemptId: test.openAttemptId };
  if (!test.isOpen) {
    const from = test.ValidFrom ? Date.parse(test.ValidFrom) : NaN;
    if (!Number.isNaN(from) && from > now) {
      return {
        kind: 'unavailable',
        reason: t('labels.opensOn', { date: formatDateTime(test.ValidFrom, { zone: true }) }),
      };
    }
    return { kind: 'unavailable', reason: t('labels.closed') };
  }
  if (test.attemptsLeft !== null && test.attemptsLeft <= 0 && !canPractise(test)) {
    return { kind: 'unavailable', reason: t('labels.noAttemptsLeft') };
  }
  return { kind: 'start' };
}

/** mm:ss, or hh:mm:ss from an hour up. */
export function clockText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0
    ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
    : `${pad(minutes)}:${pad(seconds)}`;
}

export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return t('labels.hoursMinutes', { hours: h, minutes: m });
  if (m > 0) {
    return rest > 0
      ? t('labels.minutesSeconds', { minutes: m, seconds: rest })
      : t('labels.minutes', { minutes: m });
  }
  return t('labels.seconds', { seconds: rest });
}

/** "+2", "−0.5", "0". */
export function pointsText(points: number | null): string {
  if (points === null) return '—';
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${Math.abs(points)}`;
  return '0';
}

export function numberText(value: number | null): string {
  return value === null ? '—' : String(value);
}
