// One topic: description, materials to download, videos to play; staff edit it and add videos.
import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ContentCard } from './ContentCard';
import type { Topic } from './courseTypes';
import { TopicFormDialog } from './TopicFormDialog';
import { VideoFormDialog } from './VideoFormDialog';
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
    <ContentCard
      label={`Topic ${topic.topic_name}`}
      title={topic.topic_name}
      leading={leading}
      actions={
        canEdit ? (
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
        ) : null
      }
      description={topic.topic_description}
      files={materials}
      videos={videos}
      canEdit={canEdit}
      onChanged={onChanged}
      footer={
        !topic.topic_description && materials.length === 0 && videos.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No description, materials or videos yet.
          </Typography>
        ) : null
      }
    >
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
    </ContentCard>
  );
}

/** A subject's topics as cards, in order; `leading` puts something before each name (a checkbox). */
export function TopicCards({
  topics,
  leading,
  ...card
}: Omit<TopicCardProps, 'topic' | 'leading'> & {
  topics: readonly Topic[];
  leading?: (topic: Topic) => ReactNode;
}) {
  return (
    <Stack spacing={1.5}>
      {topics.map((topic) => (
        <TopicCard key={topic.documentId} topic={topic} {...card} leading={leading?.(topic)} />
      ))}
    </Stack>
  );
}
