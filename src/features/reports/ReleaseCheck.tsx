// The release check of a Mains work (issue 27), for administrators before publishing: scripts
// complete and what is missing, the score distribution of the complete scripts (bands, mean,
// median) and the moderation differences above the test's margin, per question where the moderator
// marked per question, each linked to its script. Publishing past a flag needs an
// explicit confirmation, which the server enforces too (confirmFlags).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { queryErrorMessage } from '../../store/api';
import { marksText, useReleaseCheckQuery } from '../mains';
import type { ReleaseCheck as Check, WorkKind } from '../mains';

/** One bar per band, as wide as its share of the largest band. */
function Distribution({ distribution }: { distribution: Check['distribution'] }) {
  const top = Math.max(1, ...distribution.bands.map((b) => b.count));
  return (
    <Box component="ul" aria-label="Score distribution" sx={{ p: 0, m: 0 }}>
      {distribution.bands.map((band) => (
        <Box
          component="li"
          key={band.from}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, listStyle: 'none' }}
          aria-label={`${band.from} to ${band.to}: ${band.count}`}
        >
          <Typography variant="caption" sx={{ width: 96, flexShrink: 0 }}>
            {marksText(band.from)}–{marksText(band.to)}
          </Typography>
          <Box
            sx={{
              height: 12,
              width: `${(band.count / top) * 100}%`,
              minWidth: band.count > 0 ? 4 : 0,
              bgcolor: 'primary.main',
              borderRadius: 0.5,
            }}
          />
          <Typography variant="caption">{band.count}</Typography>
        </Box>
      ))}
    </Box>
  );
}

export function ReleaseCheck({ kind, documentId }: { kind: WorkKind; documentId: string }) {
  const loaded = useReleaseCheckQuery({ kind, documentId });
  const check = loaded.currentData;
  if (!check) {
    return loaded.error ? (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {queryErrorMessage(loaded.error, 'The release check could not be loaded.')}
      </Alert>
    ) : null;
  }
  const { distribution, flags } = check;
  return (
    <Paper component="section" variant="outlined" aria-label="Release check" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2">
        Release check
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {check.complete} of {check.scripts} scripts complete · {check.published} published
        {check.missing.length > 0 ? ` · ${check.missing.length} still missing marks` : ''}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Mean {distribution.mean === null ? '—' : marksText(distribution.mean)} · median{' '}
        {distribution.median === null ? '—' : marksText(distribution.median)} (of{' '}
        {marksText(distribution.maximum)})
      </Typography>
      {distribution.count > 0 ? <Distribution distribution={distribution} /> : null}
      {check.moderation.allocated > 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Moderation: {check.moderation.given} of {check.moderation.allocated} second markings
          given.
        </Typography>
      ) : null}
      {flags.length > 0 ? (
        <>
          <Alert severity="warning" sx={{ mt: 2 }}>
            {flags.length} moderation difference(s) above the margin. Review them before publishing;
            publishing asks you to confirm.
          </Alert>
          <Table size="small" aria-label="Moderation differences">
            <TableHead>
              <TableRow>
                <TableCell>Learner</TableCell>
                <TableCell>Subject</TableCell>
                <TableCell>Question</TableCell>
                <TableCell>Marker</TableCell>
                <TableCell>Moderator</TableCell>
                <TableCell>Difference (margin)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {flags.map((flag) => (
                <TableRow
                  key={`${flag.resultId}-${flag.subject.documentId}-${flag.question?.documentId ?? 'total'}`}
                >
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/reports/scripts/${encodeURIComponent(flag.resultId)}`}
                    >
                      {flag.student}
                    </Link>
                  </TableCell>
                  <TableCell>{flag.subject.name}</TableCell>
                  <TableCell>
                    {flag.question ? `Question ${flag.question.number}` : 'Subject total'}
                  </TableCell>
                  <TableCell>{flag.marks === null ? '—' : marksText(flag.marks)}</TableCell>
                  <TableCell>{marksText(flag.moderationMarks)}</TableCell>
                  <TableCell>
                    {marksText(flag.difference)} ({marksText(flag.margin)})
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </Paper>
  );
}
