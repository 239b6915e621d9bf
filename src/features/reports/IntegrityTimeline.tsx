// The integrity log of one attempt, for staff on the learner's review (issue 23): what the player
// noticed (tab and window switches, fullscreen exits, copy/paste, offline periods) and the IP
// changes the server saw, in order, with the server's time. Learners never get here: the section
// renders for staff only and the endpoint refuses learners. Nothing in it fails anyone by itself.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { api, queryErrorMessage } from '../../store/api';
import { formatTime } from '../../lib/dates';

export interface AttemptEvent {
  kind: string;
  detail: string;
  clientAt: string | null;
  serverAt: string;
}

export interface AttemptEventsAnswer {
  events: AttemptEvent[];
  total: number;
  firstIp: string | null;
}

const integrityEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    attemptEvents: build.query<AttemptEventsAnswer, string>({
      query: (resultId) => `/reports/results/${encodeURIComponent(resultId)}/events`,
      transformResponse: (answer: {
        data: AttemptEvent[];
        meta?: { total?: number; firstIp?: string | null };
      }) => ({
        events: answer.data,
        total: answer.meta?.total ?? answer.data.length,
        firstIp: answer.meta?.firstIp ?? null,
      }),
    }),
  }),
});

export const { useAttemptEventsQuery } = integrityEndpoints;

export const EVENT_LABELS: Record<string, string> = {
  'tab-hidden': 'Switched to another tab or app',
  'window-blur': 'Left the test window',
  'fullscreen-exit': 'Left fullscreen',
  copy: 'Copied',
  cut: 'Cut',
  paste: 'Pasted',
  offline: 'Was offline',
  'ip-change': 'IP address changed',
};

const timeText = (iso: string) => formatTime(iso, { seconds: true });

export function IntegrityTimeline({ resultId }: { resultId: string }) {
  const { currentData, error, isLoading } = useAttemptEventsQuery(resultId);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="integrity-title"
      sx={{ p: 3, mb: 3 }}
    >
      <Typography id="integrity-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Integrity log
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What the test page noticed during this attempt. It does not change the marks: read it with
        the learner before drawing conclusions.
        {currentData?.firstIp ? ` First IP address: ${currentData.firstIp}.` : ''}
      </Typography>
      {error ? (
        <Alert severity="error">
          {queryErrorMessage(error, 'The integrity log could not be loaded.')}
        </Alert>
      ) : isLoading || !currentData ? (
        <Typography variant="body2">Loading the integrity log…</Typography>
      ) : currentData.events.length === 0 ? (
        <Typography variant="body2">Nothing was recorded.</Typography>
      ) : (
        <>
          <Box component="ol" aria-label="Integrity events" sx={{ pl: 3, m: 0 }}>
            {currentData.events.map((event, index) => (
              <li key={`${event.serverAt}-${index}`}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                  {timeText(event.serverAt)}
                </Typography>{' '}
                — {EVENT_LABELS[event.kind] ?? event.kind}
                {event.detail ? ` (${event.detail})` : ''}
              </li>
            ))}
          </Box>
          {currentData.total > currentData.events.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {currentData.total} events in all; the first {currentData.events.length} are shown.
            </Typography>
          ) : null}
        </>
      )}
    </Paper>
  );
}
