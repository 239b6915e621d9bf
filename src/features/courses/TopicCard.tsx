// One topic: description, materials to download, videos to play; staff edit it and add videos.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FileList } from '../media';
import type { Topic } from './courseTypes';
import { TopicFormDialog } from './TopicFormDialog';
import { VideoFormDialog } from './VideoFormDialog';
import { VideoList } from './VideoList';
import { useAddTopicVideoMutation } from './subjectsEndpoints';

interface TopicCardProps {
  topic: Topic;
  subjectId: string;
  canEdit: boolean;
  onChanged: () => void;
  /** Shown before the name (a selection checkbox on the subject page). */
  leading?: ReactNode;
}

export function TopicCard({ topic, subjectId, canEdit, onChanged, leading }: TopicCardProps) {
  const [addTopicVideo] = useAddTopicVideoMutation();
  const [editing, setEditing] = useState(false);
  const [addingVideo, setAddingVideo] = useState(false);
  const materials = topic.topic_material ?? [];
  const videos = topic.youtube_videos ?? [];

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="article"
      aria-label={`Topic ${topic.topic_name}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {leading}
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {topic.topic_name}
        </Typography>
        {canEdit ? (
          <>
            <Button
              size="small"
              onClick={() => setEditing(true)}
              aria-label={`Edit topic ${topic.topic_name}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              onClick={() => setAddingVideo(true)}
              aria-label={`Add video to ${topic.topic_name}`}
            >
              Add video
            </Button>
          </>
        ) : null}
      </Box>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {topic.topic_description ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {topic.topic_description}
          </Typography>
        ) : null}
        <FileList files={materials} />
        <VideoList videos={videos} canEdit={canEdit} onChanged={onChanged} />
        {!topic.topic_description && materials.length === 0 && videos.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No description, materials or videos yet.
          </Typography>
        ) : null}
      </Stack>
      {editing ? (
        <TopicFormDialog
          subjectId={subjectId}
          topic={topic}
          onSaved={onChanged}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {addingVideo ? (
        <VideoFormDialog
          onClose={() => setAddingVideo(false)}
          onSave={async (video) => {
            await addTopicVideo({ topic, subjectId, video }).unwrap();
            onChanged();
          }}
        />
      ) : null}
    </Paper>
  );
}
