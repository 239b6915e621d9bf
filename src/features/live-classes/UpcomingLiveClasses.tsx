// "Upcoming live classes": the caller's classes that have not ended, soonest first, each with its
// start in the viewer's time zone, a countdown (read again every 30 s), Join (open from 15
// minutes before the start until the end, by the client's clock), "Add to calendar" (.ics) and
// the recording when there is one. A cancelled class says so and offers no Join.
// Used on /live-classes, the learner's course list and each course page (through index.ts).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListStates } from '../../components/feedback/ListStates';
import { liveClassPaths } from '../../lib/paths';
import { errorMessage } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import { useDownloadFileMutation } from '../../store/downloads';
import { useJoinLiveClassMutation, useUpcomingLiveClassesQuery } from './liveClassesEndpoints';
import { fileNameOf, liveClassesUrls } from './liveClassesUrls';
import { countdownText, joinWindow, startText, timeText, useNow } from './liveClassTime';
import type { UpcomingClass } from './liveClassesTypes';

/** Opens an address in a new tab that cannot reach back to this one. */
function openInNewTab(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

interface ClassCardProps {
  item: UpcomingClass;
  now: number;
  onFailure: (message: string) => void;
}

function ClassCard({ item, now, onFailure }: ClassCardProps) {
  const [join, joining] = useJoinLiveClassMutation();
  const [download, downloading] = useDownloadFileMutation();
  const stage = joinWindow(item, now);
  const ended = stage === 'ended';

  const onJoin = () => {
    if (item.provider === 'zoom') {
      // The room is this SPA's own page: opened at once, in the click (no pop-up blocker).
      openInNewTab(liveClassPaths.room(item.documentId));
      return;
    }
    join(item.documentId)
      .unwrap()
      .then(openInNewTab, (failure: unknown) =>
        onFailure(errorMessage(failure, 'The class could not be joined.')),
      );
  };
  const onCalendar = () => {
    download({
      request: { url: liveClassesUrls.calendar(item.documentId) },
      fileName: fileNameOf(item.name, 'ics'),
    })
      .unwrap()
      .catch((failure: unknown) =>
        onFailure(errorMessage(failure, 'The calendar file could not be downloaded.')),
      );
  };

  return (
    <Card variant="outlined" component="li" aria-label={item.name}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            {item.name}
          </Typography>
          {stage === 'cancelled' ? <Chip size="small" color="warning" label="Cancelled" /> : null}
          {stage === 'open' && Date.parse(item.date) <= now ? (
            <Chip size="small" color="success" label="Live now" />
          ) : null}
        </Stack>
        {item.course ? (
          <Typography variant="body2" color="text.secondary">
            {item.course.course_name}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {startText(item.date)} · {item.duration_minutes} min
        </Typography>
        {stage === 'cancelled' ? (
          <Typography variant="body2" color="warning.main">
            This class was cancelled.
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" role="timer" aria-live="off">
            {countdownText(item, now)}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {stage === 'cancelled' || ended ? null : (
          <Button
            variant="contained"
            disabled={stage !== 'open' || joining.isLoading}
            onClick={onJoin}
            aria-label={`Join ${item.name}`}
          >
            {joining.isLoading ? 'Joining…' : 'Join'}
          </Button>
        )}
        {stage === 'not-yet' ? (
          <Typography variant="caption" color="text.secondary">
            Join opens at {timeText(item.joinOpensAt)}
          </Typography>
        ) : null}
        {stage === 'cancelled' ? null : (
          <Button
            onClick={onCalendar}
            disabled={downloading.isLoading}
            aria-label={`Add to calendar: ${item.name}`}
          >
            Add to calendar
          </Button>
        )}
        {item.recording_url ? (
          <Link href={item.recording_url} target="_blank" rel="noopener noreferrer">
            Recording
          </Link>
        ) : null}
      </CardActions>
    </Card>
  );
}

interface UpcomingLiveClassesProps {
  /** Only this course's classes. */
  courseId?: string;
  /** The section's heading. */
  title?: string;
  /** Show nothing at all when there is no class (the dashboard and course pages). */
  compact?: boolean;
}

export function UpcomingLiveClasses({
  courseId,
  title = 'Upcoming live classes',
  compact = false,
}: UpcomingLiveClassesProps) {
  const list = useUpcomingLiveClassesQuery(courseId);
  const now = useNow();
  const [failure, setFailure] = useState<string | null>(null);
  const items = list.data ?? [];
  const error = list.isError
    ? queryErrorMessage(list.error, 'The live classes could not be loaded.')
    : null;
  if (compact && items.length === 0) return null;

  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <ListStates
        count={items.length}
        loading={list.isFetching}
        loaded={list.isSuccess}
        error={error}
        onRetry={() => void list.refetch()}
        loadingLabel="Loading live classes"
        empty={{
          title: 'No upcoming live classes',
          description: 'Classes scheduled for your batches and courses appear here.',
        }}
      />
      {items.length > 0 ? (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {items.map((item) => (
            <ClassCard key={item.documentId} item={item} now={now} onFailure={setFailure} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
