// The time left, told to screen readers at set points only (issue 24): 10, 5 and 1 minute left,
// each once, politely (the visible clock ticks every second, which a live region must not read).
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { t } from '../../lib/i18n';
import { visuallyHidden } from '../../theme/visuallyHidden';

/** The points announced, in seconds left. */
export const ANNOUNCED_SECONDS = [600, 300, 60] as const;

export const announcementFor = (seconds: number): string =>
  t('time.minutesLeft', { count: seconds / 60 });

/** Which point (if any) the clock has just reached, going from `before` to `now`. */
export function crossedPoint(before: number | null, now: number | null): number | null {
  if (before === null || now === null) return null;
  // The latest point crossed: a clock that jumped over two (a resume) tells only the nearer one.
  const crossed = ANNOUNCED_SECONDS.filter((point) => before > point && now <= point);
  return crossed.length > 0 ? Math.min(...crossed) : null;
}

export function TimeAnnouncer({ secondsLeft }: { secondsLeft: number | null }) {
  const previous = useRef<number | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    const point = crossedPoint(previous.current, secondsLeft);
    previous.current = secondsLeft;
    if (point !== null) setMessage(announcementFor(point));
  }, [secondsLeft]);
  return (
    <Box component="p" aria-live="polite" sx={visuallyHidden} data-testid="time-announcer">
      {message}
    </Box>
  );
}
