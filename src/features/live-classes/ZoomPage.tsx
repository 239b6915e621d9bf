// /zoom/:encodedUrl: the live-class room, without the portal's layout, in its own tab. It asks
// the server for a Meeting SDK signature for the class (the server checks who may join and when,
// and records attendance), then loads the SDK's Component view (only here: zoomSdk.ts) and joins.
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../components/feedback/LoadError';
import { paths } from '../../lib/paths';
import { errorMessage } from '../../lib/strapi';
import { selectRoleKind } from '../../session/sessionSlice';
import { useAppSelector } from '../../store/hooks';
import { useZoomSignatureMutation } from './liveClassesEndpoints';
import { loadZoomSdk, type ZoomRoomClient } from './zoomSdk';

export const CONNECT_FAILED =
  'Could not connect to the class. Check your connection and try again.';
const REFUSED_FALLBACK = 'This class cannot be joined.';

type Room =
  | { kind: 'joining' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; hostNote: string | null }
  | { kind: 'joined'; hostNote: string | null };

function classIdOf(encodedUrl: string): string {
  try {
    return decodeURIComponent(encodedUrl).trim();
  } catch {
    return '';
  }
}

export function ZoomPage() {
  const { encodedUrl = '' } = useParams();
  const classId = classIdOf(encodedUrl);
  // Staff ask to host; learners always join as attendees (the server holds the same rule).
  const host = useAppSelector(selectRoleKind) !== 'student';
  const [requestSignature] = useZoomSignatureMutation();
  const rootRef = useRef<HTMLDivElement>(null);
  // One client per room; `init` runs once, a Retry joins again.
  const clientRef = useRef<{ client: ZoomRoomClient; ready: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [room, setRoom] = useState<Room>({ kind: 'joining' });

  useEffect(() => {
    if (!classId) return;
    let gone = false;
    const run = async () => {
      let signed;
      try {
        signed = await requestSignature(host ? { classId, role: 1 } : { classId }).unwrap();
      } catch (failure) {
        if (!gone) setRoom({ kind: 'refused', message: errorMessage(failure, REFUSED_FALLBACK) });
        return;
      }
      // A room left meanwhile (or React's development double run) goes no further.
      if (gone) return;
      try {
        if (!clientRef.current) {
          const sdk = await loadZoomSdk();
          if (gone) return;
          clientRef.current = { client: sdk.createClient(), ready: false };
        }
        const holder = clientRef.current;
        if (!holder.ready) {
          await holder.client.init({
            zoomAppRoot: rootRef.current ?? undefined,
            language: 'en-US',
            patchJsMedia: true,
            leaveOnPageUnload: true,
          });
          holder.ready = true;
        }
        await holder.client.join({
          signature: signed.signature,
          meetingNumber: signed.meetingNumber,
          password: signed.passcode,
          userName: signed.userName,
          userEmail: signed.userEmail,
          zak: signed.zak ?? undefined,
        });
        if (!gone) setRoom({ kind: 'joined', hostNote: signed.hostNote });
      } catch {
        if (!gone) setRoom({ kind: 'failed', hostNote: signed.hostNote });
      }
    };
    void run();
    return () => {
      gone = true;
    };
  }, [classId, host, attempt, requestSignature]);

  const retry = () => {
    setRoom({ kind: 'joining' });
    setAttempt((n) => n + 1);
  };
  const hostNote = room.kind === 'failed' || room.kind === 'joined' ? room.hostNote : null;

  return (
    <Box component="main" sx={{ p: { xs: 1, sm: 2 }, minHeight: '100vh' }}>
      <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', mb: 2 }}>
        <Typography variant="h5" component="h1">
          Live class
        </Typography>
        {!classId ? <Alert severity="error">This live-class link is not valid.</Alert> : null}
        {classId && room.kind === 'joining' ? (
          <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>Getting you into the class…</Typography>
          </Stack>
        ) : null}
        {room.kind === 'refused' ? <Alert severity="error">{room.message}</Alert> : null}
        {room.kind === 'failed' ? (
          <LoadError message={CONNECT_FAILED} onRetry={retry} sx={{}} />
        ) : null}
        {hostNote ? <Alert severity="info">{hostNote}</Alert> : null}
        {room.kind === 'refused' || !classId ? (
          <Box>
            <Button component={RouterLink} to={paths.liveClasses} variant="contained">
              Back to live classes
            </Button>
          </Box>
        ) : null}
      </Stack>
      {/* The SDK renders its own React tree here; React never renders children into it. */}
      <Box
        ref={rootRef}
        data-testid="zoom-root"
        sx={{ position: 'relative', minHeight: room.kind === 'refused' ? 0 : 480 }}
      />
    </Box>
  );
}
