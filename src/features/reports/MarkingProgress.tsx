// The marking progress of the chosen work (issue 27), above its results: how many scripts are
// complete, per subject the scripts waiting and per faculty member those in progress and done,
// with the time since the oldest submission; what publishing still waits for; and for a faculty
// member their queue with a "Next script" button (their scripts in progress first, then the
// oldest waiting). Cards stack on a phone.
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { mainsPaths } from '../../lib/paths';
import { queryErrorMessage } from '../../store/api';
import { useMarkingProgressQuery } from '../mains';
import type { SubjectProgress, WorkKind } from '../mains';
import { FacultyQueue } from './FacultyQueue';

const MISSING_SHOWN = 10;

/**
 * A subject's scripts done out of those to mark (waiting, in progress, done), for the
 * administrator's board; a faculty member's rows count only their own scripts, so it is not shown
 * to them.
 */
export function subjectDone(row: SubjectProgress): {
  done: number;
  total: number;
  percent: number;
} {
  const done = row.faculty.reduce((sum, f) => sum + f.done, 0);
  const total = row.waiting + row.faculty.reduce((sum, f) => sum + f.inProgress + f.done, 0);
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** "45 min", "3 h", "2 d" since `iso` (nothing when unknown). */
export function timeSince(iso: string | null, now: number = Date.now()): string {
  if (!iso) return '—';
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export function MarkingProgress({
  kind,
  documentId,
  isFaculty,
}: {
  kind: WorkKind;
  documentId: string;
  isFaculty: boolean;
}) {
  const loaded = useMarkingProgressQuery({ kind, documentId });
  const board = loaded.currentData;
  if (!board) {
    return loaded.error ? (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {queryErrorMessage(loaded.error, 'The marking progress could not be loaded.')}
      </Alert>
    ) : null;
  }
  const { totals, queue } = board;
  const next = queue[0];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label="Marking progress"
      sx={{ p: 2, mb: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Marking progress
        </Typography>
        {isFaculty ? (
          <Button component={RouterLink} to={mainsPaths.rechecks}>
            Re-check requests
          </Button>
        ) : null}
        {isFaculty ? (
          next ? (
            <Button
              variant="contained"
              component={RouterLink}
              to={mainsPaths.script(next.resultId)}
              aria-label={`Next script: ${next.student.name}, ${next.subject.name}`}
            >
              Next script
            </Button>
          ) : (
            <Typography variant="body2">Your queue is empty.</Typography>
          )
        ) : null}
      </Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {totals.complete} of {totals.scripts} scripts complete ({totals.percent} %)
      </Typography>
      <LinearProgress
        variant="determinate"
        value={totals.percent}
        aria-label="Scripts complete"
        sx={{ mb: 2 }}
      />
      {isFaculty ? <FacultyQueue queue={queue} since={timeSince} /> : null}
      {isFaculty && next ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          Next: {next.student.name} · {next.subject.name} (
          {next.state === 'in-progress' ? 'in progress' : 'waiting'}, submitted{' '}
          {timeSince(next.submittedAt)} ago) · {board.queueTotal} in your queue
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {board.subjects.map((row) => (
          <Box
            key={row.subject.documentId}
            role="group"
            aria-label={`Progress of ${row.subject.name}`}
            sx={{ minWidth: 0, overflowX: 'auto' }}
          >
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {row.subject.name}
            </Typography>
            {isFaculty ? null : <SubjectDone row={row} />}
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              Waiting: {row.waiting}
              {row.waiting > 0 ? ` (oldest submitted ${timeSince(row.oldestWaitingAt)} ago)` : ''}
            </Typography>
            {row.faculty.length > 0 ? (
              <Table size="small" aria-label={`Faculty marking ${row.subject.name}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Faculty</TableCell>
                    <TableCell align="right">Waiting</TableCell>
                    <TableCell align="right">In progress</TableCell>
                    <TableCell align="right">Done</TableCell>
                    <TableCell align="right">Oldest open</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {row.faculty.map((item) => (
                    <TableRow key={item.faculty.documentId ?? item.faculty.name}>
                      <TableCell>{item.faculty.name || '—'}</TableCell>
                      <TableCell align="right">{item.waiting ?? 0}</TableCell>
                      <TableCell align="right">{item.inProgress}</TableCell>
                      <TableCell align="right">{item.done}</TableCell>
                      <TableCell align="right">{timeSince(item.oldestInProgressAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </Box>
        ))}
      </Box>
      {board.missing.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            Not ready to publish ({totals.scripts - totals.complete})
          </Typography>
          <Box component="ul" aria-label="Scripts not complete" sx={{ m: 0, pl: 2.5 }}>
            {board.missing.slice(0, MISSING_SHOWN).map((item) => (
              <li key={item.resultId}>
                {item.student.name}: {item.pendingSubjects.join(', ') || item.status}
              </li>
            ))}
          </Box>
          {board.missing.length > MISSING_SHOWN ? (
            <Typography variant="body2">
              and {totals.scripts - totals.complete - MISSING_SHOWN} more
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}

function SubjectDone({ row }: { row: SubjectProgress }) {
  const { done, total, percent } = subjectDone(row);
  return (
    <>
      <Typography variant="body2">
        Done: {done} of {total} ({percent} %)
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${row.subject.name} done`}
        sx={{ mb: 0.5 }}
      />
    </>
  );
}
