// A faculty member's marking queue (issue 27): their scripts in progress, then the waiting ones
// (with an allocation, only theirs), oldest submission first, with keyboard shortcuts: `n` opens
// the next script, `j`/`k` move the selection, `o` (or Enter on a row) opens the chosen one. The
// keys are ignored while typing in a field and with Ctrl/Alt/Meta, so they never clash with
// marking or the browser's own shortcuts.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { mainsPaths } from '../../lib/paths';
import type { QueueItem } from '../mains';

export const QUEUE_SHOWN = 10;

/** True when a key press belongs to a field (typing) rather than to the page. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return (
    tag === 'INPUT' ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    target.isContentEditable ||
    target.closest('[role="dialog"]') !== null
  );
}

export function FacultyQueue({
  queue,
  since,
}: {
  queue: QueueItem[];
  /** "3 h": the time since a submission (MarkingProgress's wording). */
  since: (iso: string | null) => string;
}) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState(0);
  const shown = queue.slice(0, QUEUE_SHOWN);
  const current = Math.min(selected, Math.max(0, shown.length - 1));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return;
      if (shown.length === 0) return;
      if (event.key === 'n') {
        event.preventDefault();
        navigate(mainsPaths.script(shown[0]?.resultId ?? ''));
      } else if (event.key === 'j') {
        event.preventDefault();
        setSelected(Math.min(shown.length - 1, current + 1));
      } else if (event.key === 'k') {
        event.preventDefault();
        setSelected(Math.max(0, current - 1));
      } else if (event.key === 'o') {
        event.preventDefault();
        navigate(mainsPaths.script(shown[current]?.resultId ?? ''));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, shown, current]);

  if (shown.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Your queue
      </Typography>
      <Typography variant="caption" color="text.secondary" id="queue-keys">
        Keys: n next script · j / k move · o open the chosen one
      </Typography>
      <Box
        component="ol"
        aria-label="Your queue"
        aria-describedby="queue-keys"
        sx={{ m: 0, pl: 2.5 }}
      >
        {shown.map((item, index) => (
          <Box
            component="li"
            key={`${item.resultId}-${item.subject.documentId}`}
            aria-current={index === current ? 'true' : undefined}
            sx={{
              bgcolor: index === current ? 'action.selected' : undefined,
              borderRadius: 0.5,
              px: 0.5,
            }}
          >
            <Link component={RouterLink} to={mainsPaths.script(item.resultId)}>
              {item.student.name} · {item.subject.name}
            </Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({item.state === 'in-progress' ? 'in progress' : 'waiting'}, submitted{' '}
              {since(item.submittedAt)} ago)
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
