// An embedded YouTube player that tells the idle watcher while it plays. It listens to the
// IFrame API's postMessage events (after sending the "listening" handshake) rather than loading
// YouTube's script: playerState 1 = playing, 2 = paused, 0 = ended.
import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useReportVideoPlaying } from '../../lib/videoPlayback';
import { youtubeEmbedUrl, youtubeVideoId } from './youtube';

const YOUTUBE_ORIGINS = new Set([
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://youtube-nocookie.com',
  'https://youtube.com',
]);

const PLAYING = 1;
const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The player state an IFrame API message carries, if any. */
export function playerStateOf(data: unknown): number | null {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!isRecord(message)) return null;
  if (message.event === 'onStateChange' && typeof message.info === 'number') return message.info;
  if (
    message.event === 'infoDelivery' &&
    isRecord(message.info) &&
    typeof message.info.playerState === 'number'
  ) {
    return message.info.playerState;
  }
  return null;
}

interface VideoPlayerProps {
  url: string;
  title: string;
}

export function VideoPlayer({ url, title }: VideoPlayerProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const videoId = youtubeVideoId(url);
  useReportVideoPlaying(isPlaying);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      // Only this player's frame, only YouTube.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (!YOUTUBE_ORIGINS.has(event.origin)) return;
      const state = playerStateOf(event.data);
      if (state !== null) setPlaying(state === PLAYING);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const onLoad = useCallback(() => {
    // The handshake: the player starts posting its events to this window.
    frame.current?.contentWindow?.postMessage(
      JSON.stringify({ event: 'listening', id: videoId, channel: 'widget' }),
      PLAYER_ORIGIN,
    );
  }, [videoId]);

  if (!videoId) {
    return (
      <Typography color="error" variant="body2">
        This video link cannot be played: {url}
      </Typography>
    );
  }

  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        pt: '56.25%',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'black',
      }}
    >
      <Box
        component="iframe"
        ref={frame}
        title={title}
        src={youtubeEmbedUrl(videoId, window.location.origin)}
        onLoad={onLoad}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
