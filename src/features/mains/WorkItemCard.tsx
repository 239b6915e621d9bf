// One item of a learner's Mains work (an assignment or a Mains test): deadline, state, status,
// marks and marked copies once published, why it cannot start, and a link to open it.
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import { CardListItem } from '../../components/data/CardListItem';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { mainsPaths } from '../../lib/paths';
import { formatDateTime } from '../../lib/dates';
import { absoluteFileUrl } from '../media';
import { marksText, stateText, statusColour, statusText } from './mainsLabels';
import type { PublishedEvaluation, WorkItem } from './mainsTypes';
import { ReachedLevels } from './ReachedLevels';
import { CONFIRMED_START, StartWorkDialog, startsClock } from './StartWorkDialog';

/** Where a work item opens: its work page (a submitted one by its attempt). */
export function workPath(item: Pick<WorkItem, 'kind' | 'documentId' | 'attemptId' | 'state'>) {
  const base =
    item.kind === 'assignment'
      ? mainsPaths.assignmentWork(item.documentId)
      : mainsPaths.testWork(item.documentId);
  return (item.state === 'submitted' || item.state === 'time-ended') && item.attemptId
    ? `${base}?attempt=${encodeURIComponent(item.attemptId)}`
    : base;
}

/**
 * Marks and marked copies of a published result, per subject, and per question with the faculty
 * member's comments (issue 27; the server sends them only once the result is published).
 */
export function PublishedMarks({
  totalMarks,
  maximumMarks,
  evaluations,
}: {
  totalMarks: number | null;
  maximumMarks: number | null;
  evaluations: readonly PublishedEvaluation[];
}) {
  return (
    <Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Marks {marksText(totalMarks)} / {marksText(maximumMarks)}
      </Typography>
      {evaluations.length > 0 ? (
        <Box component="ul" aria-label="Marks per subject" sx={{ m: 0, pl: 2.5 }}>
          {evaluations.map((item) => (
            <li key={item.subject.documentId}>
              <Typography variant="body2" component="span">
                {item.subject.name}: {marksText(item.total_marks)}
              </Typography>
              {item.evaluation_document ? (
                <>
                  {' · '}
                  <Link
                    href={absoluteFileUrl(item.evaluation_document.url)}
                    target="_blank"
                    rel="noopener"
                  >
                    Marked copy ({item.subject.name})
                  </Link>
                </>
              ) : null}
              {(item.questions ?? []).length > 0 ? (
                <Box
                  component="ul"
                  aria-label={`Marks per question of ${item.subject.name}`}
                  sx={{ m: 0, pl: 2.5 }}
                >
                  {(item.questions ?? []).map((q, index) => (
                    <li key={q.question}>
                      <Typography variant="body2" component="span">
                        Question {index + 1}: {marksText(q.marks)}
                        {q.comment ? ` · ${q.comment}` : ''}
                      </Typography>
                      <ReachedLevels levels={q.rubric} />
                    </li>
                  ))}
                </Box>
              ) : null}
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

export function WorkItemCard({ item }: { item: WorkItem }) {
  const titleId = `work-${item.kind}-${item.documentId}`;
  const openable = item.canStart || item.state !== 'not-started';
  // A clock starts on opening (a Mains test, a timed assignment): confirm first (issue 23).
  const confirmFirst = startsClock(item);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  return (
    <CardListItem
      titleId={titleId}
      title={item.name}
      heading="h3"
      badges={
        <>
          <Chip size="small" variant="outlined" label={stateText(item.state)} />
          <Chip size="small" color={statusColour(item.status)} label={statusText(item.status)} />
        </>
      }
      actions={
        openable && confirmFirst ? (
          <Button
            variant="contained"
            aria-label={`Start ${item.name}`}
            onClick={() => setConfirming(true)}
          >
            Start
          </Button>
        ) : openable ? (
          <Button
            component={RouterLink}
            to={workPath(item)}
            variant={item.state === 'submitted' ? 'outlined' : 'contained'}
            aria-label={`${item.state === 'not-started' ? 'Start' : 'Open'} ${item.name}`}
          >
            {item.state === 'not-started' ? 'Start' : 'Open'}
          </Button>
        ) : null
      }
    >
      {item.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {item.description}
        </Typography>
      ) : null}
      <Typography variant="body2">
        {[
          item.opensAt ? `Opens ${formatDateTime(item.opensAt, { zone: true })}` : null,
          item.closesAt
            ? `Deadline ${formatDateTime(item.closesAt, { zone: true })}`
            : 'No deadline',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[
          item.durationMinutes !== null ? `${item.durationMinutes} min` : null,
          item.maximumMarks !== null ? `Maximum marks ${marksText(item.maximumMarks)}` : null,
          item.subjects.map((subject) => subject.name).join(', ') || null,
          item.courseName,
          item.submittedAt ? `Submitted ${formatDateTime(item.submittedAt)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {item.status === 'Published' ? (
        <PublishedMarks
          totalMarks={item.totalMarks}
          maximumMarks={item.maximumMarks}
          evaluations={item.evaluations}
        />
      ) : null}
      {item.status === 'Published' && item.resultId ? (
        // Issue 27: the script page shows each question's marks and takes re-check requests.
        <Link component={RouterLink} to={mainsPaths.script(item.resultId)} variant="body2">
          Open the script (ask for a re-check)
        </Link>
      ) : null}
      {!item.canStart && item.reason && item.state !== 'submitted' ? (
        <Typography variant="body2" color="warning.main">
          {item.reason}
        </Typography>
      ) : null}
      {confirmFirst ? (
        <StartWorkDialog
          item={item}
          open={confirming}
          onClose={() => setConfirming(false)}
          onStart={async () => {
            await navigate(workPath(item), { state: CONFIRMED_START });
          }}
        />
      ) : null}
    </CardListItem>
  );
}
