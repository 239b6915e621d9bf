// One card of teaching content (a subject's topic, a course content): its heading with the staff's
// buttons, then its description, materials to download and videos to play.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FileList, type MediaFile } from '../media';
import type { YoutubeVideo } from './courseTypes';
import { VideoList } from './VideoList';

interface ContentCardProps {
  /** The card's accessible name ("Topic Optics"). */
  label: string;
  title: string;
  /** Shown before the title (a selection checkbox). */
  leading?: ReactNode;
  /** The staff's buttons after the title (none for others). */
  actions: ReactNode;
  description: string | null | undefined;
  files: readonly MediaFile[];
  videos: readonly YoutubeVideo[];
  canEdit: boolean;
  /** Called after a video changed, so the owner reloads. */
  onChanged?: () => void;
  /** Shown under the videos (a note when there is nothing). */
  footer?: ReactNode;
  /** The card's dialogs. */
  children?: ReactNode;
}

export function ContentCard(props: ContentCardProps) {
  const { label, title, leading, actions, description, files, videos } = props;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-label={label}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {leading}
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {description ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {description}
          </Typography>
        ) : null}
        <FileList files={files} />
        <VideoList videos={videos} canEdit={props.canEdit} onChanged={props.onChanged} />
        {props.footer}
      </Stack>
      {props.children}
    </Paper>
  );
}
