// A topic's or course content's videos: each plays embedded; staff can edit or delete them.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDelete } from '../../components/feedback/ConfirmDelete';
import { EditDeleteButtons } from '../../components/data/EditDeleteButtons';
import { VideoPlayer } from '../media';
import type { YoutubeVideo } from './courseTypes';
import { VideoFormDialog } from './VideoFormDialog';
import { useDeleteVideoMutation, useUpdateVideoMutation } from './subjectsEndpoints';

interface VideoListProps {
  videos: readonly YoutubeVideo[];
  canEdit: boolean;
  /** Called after a video changed, so the owner reloads. */
  onChanged?: () => void;
}

export function VideoList({ videos, canEdit, onChanged }: VideoListProps) {
  const [updateVideo] = useUpdateVideoMutation();
  const [deleteVideo] = useDeleteVideoMutation();
  const [playing, setPlaying] = useState<string | null>(null);
  const [editing, setEditing] = useState<YoutubeVideo | null>(null);
  const [deleting, setDeleting] = useState<YoutubeVideo | null>(null);

  if (videos.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {videos.map((video) => (
        <Box key={video.documentId}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {video.title}
            </Typography>
            <Button
              size="small"
              onClick={() => setPlaying(playing === video.documentId ? null : video.documentId)}
              aria-label={`${playing === video.documentId ? 'Close' : 'Play'} video ${video.title}`}
            >
              {playing === video.documentId ? 'Close' : 'Play'}
            </Button>
            {canEdit ? (
              <EditDeleteButtons
                name={`video ${video.title}`}
                onEdit={() => setEditing(video)}
                onDelete={() => setDeleting(video)}
              />
            ) : null}
          </Box>
          {playing === video.documentId ? (
            <Box sx={{ maxWidth: 720, mt: 1 }}>
              <VideoPlayer url={video.url} title={video.title} />
            </Box>
          ) : null}
        </Box>
      ))}
      {editing ? (
        <VideoFormDialog
          video={editing}
          onClose={() => setEditing(null)}
          onSave={async (payload) => {
            await updateVideo({ documentId: editing.documentId, video: payload }).unwrap();
            onChanged?.();
          }}
        />
      ) : null}
      <ConfirmDelete
        record={deleting}
        title="Delete video?"
        message={`"${deleting?.title ?? ''}" will be removed from everywhere it is used.`}
        onClose={() => setDeleting(null)}
        onDelete={async (video) => {
          await deleteVideo(video.documentId).unwrap();
          onChanged?.();
        }}
      />
    </Stack>
  );
}
