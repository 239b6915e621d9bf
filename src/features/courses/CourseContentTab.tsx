// Course content of one subject of the course: description, materials and videos per topic.
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { queryErrorMessage } from '../../store/api';
import { ConfirmDelete } from '../../components/feedback/ConfirmDelete';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ListStates } from '../../components/feedback/ListStates';
import { EmptyState } from '../../components/feedback/EmptyState';
import type { CourseContent, CourseDetail, Topic } from './courseTypes';
import { CourseContentDialog } from './CourseContentDialog';
import {
  useAddContentVideoMutation,
  useCourseContentsQuery,
  useDeleteCourseContentMutation,
  useRemoveTopicContentMutation,
} from './coursesEndpoints';
import { VideoFormDialog } from './VideoFormDialog';
import { ContentCard } from './ContentCard';

interface CourseContentTabProps {
  course: CourseDetail;
  canEdit: boolean;
}

/** The topics of one of the course's subjects. */
function topicsOf(course: CourseDetail, subjectId: string | null): Topic[] {
  return course.subjects?.find((subject) => subject.documentId === subjectId)?.topics ?? [];
}

export function CourseContentTab({ course, canEdit }: CourseContentTabProps) {
  const subjects = course.subjects ?? [];
  const [subjectId, setSubjectId] = useState<string | null>(subjects[0]?.documentId ?? null);
  const key = subjectId ? { courseId: course.documentId, subjectId } : null;
  // Saving a content or adding a video reads the contents again (their tag); removing a topic
  // or a content changes the cached contents when the server agrees.
  const contents = useCourseContentsQuery(key ?? skipToken);
  const [addContentVideo] = useAddContentVideoMutation();
  const [removeTopicContent] = useRemoveTopicContentMutation();
  const [deleteCourseContent] = useDeleteCourseContentMutation();
  const [editing, setEditing] = useState<CourseContent | 'new' | null>(null);
  const [addingVideoTo, setAddingVideoTo] = useState<CourseContent | null>(null);
  const [removingTopic, setRemovingTopic] = useState<CourseContent | null>(null);
  const [deleting, setDeleting] = useState<CourseContent | null>(null);

  const reload = () => void contents.refetch();

  if (subjects.length === 0) {
    return (
      <EmptyState
        title="This course has no subjects"
        description="Content is kept per subject: add subjects to the course first."
      />
    );
  }

  // Another subject's contents are not shown while this one's load.
  const items = contents.currentData ?? [];
  // Learners see no empty groups (issue 24): content with nothing in it is the staff's to fill.
  const shown = canEdit
    ? items
    : items.filter(
        (content) =>
          Boolean(content.description?.trim()) ||
          (content.topic_materials ?? []).length > 0 ||
          (content.youtube_videos ?? []).length > 0,
      );
  const loading = contents.isFetching;
  const error = contents.isError
    ? queryErrorMessage(contents.error, 'The course content could not be loaded.')
    : null;
  const topics = topicsOf(course, subjectId);

  return (
    <Box>
      <Box
        role="group"
        aria-label="Subject"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        {subjects.map((subject) => (
          <Chip
            key={subject.documentId}
            label={subject.SubjectName}
            clickable
            aria-pressed={subject.documentId === subjectId}
            color={subject.documentId === subjectId ? 'primary' : 'default'}
            variant={subject.documentId === subjectId ? 'filled' : 'outlined'}
            onClick={() => setSubjectId(subject.documentId)}
          />
        ))}
        <Box sx={{ flexGrow: 1 }} />
        {canEdit ? (
          <Button variant="contained" size="small" onClick={() => setEditing('new')}>
            Add content
          </Button>
        ) : null}
      </Box>
      <ListStates
        count={shown.length}
        loading={loading}
        loaded={contents.isSuccess}
        error={error}
        loadingLabel="Loading course content"
        empty={{ title: 'No content for this subject yet' }}
      />
      <Stack spacing={1.5}>
        {shown.map((content) => {
          // A learner sees content without a topic as "General", never "No topic" (issue 24).
          const title = content.topic?.topic_name ?? (canEdit ? 'No topic' : 'General');
          return (
            <ContentCard
              key={content.documentId}
              label={`Content ${title}`}
              title={title}
              actions={
                canEdit ? (
                  <>
                    <Button size="small" onClick={() => setEditing(content)}>
                      Edit
                    </Button>
                    <Button size="small" onClick={() => setAddingVideoTo(content)}>
                      Add video
                    </Button>
                    {content.topic ? (
                      <Button
                        size="small"
                        color="warning"
                        onClick={() => setRemovingTopic(content)}
                      >
                        Remove topic content
                      </Button>
                    ) : null}
                    <Button size="small" color="error" onClick={() => setDeleting(content)}>
                      Delete
                    </Button>
                  </>
                ) : null
              }
              description={content.description}
              files={content.topic_materials ?? []}
              videos={content.youtube_videos ?? []}
              canEdit={canEdit}
              onChanged={reload}
            />
          );
        })}
      </Stack>
      {editing && subjectId ? (
        <CourseContentDialog
          courseId={course.documentId}
          subjectId={subjectId}
          topics={topics}
          content={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {addingVideoTo ? (
        <VideoFormDialog
          onClose={() => setAddingVideoTo(null)}
          onSave={async (video) => {
            await addContentVideo({ content: addingVideoTo, video }).unwrap();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removingTopic !== null}
        title="Remove topic content?"
        message={`The topic "${removingTopic?.topic?.topic_name ?? ''}", its materials and its videos will be taken off this content.`}
        confirmLabel="Remove"
        onClose={() => setRemovingTopic(null)}
        onConfirm={async () => {
          const topicId = removingTopic?.topic?.documentId;
          if (!removingTopic || !topicId || !key) return;
          await removeTopicContent({
            ...key,
            contentId: removingTopic.documentId,
            topicId,
          }).unwrap();
        }}
      />
      <ConfirmDelete
        record={deleting}
        title="Delete content?"
        message="This content, with its links to materials and videos, will be deleted."
        onClose={() => setDeleting(null)}
        onDelete={async (content) => {
          if (key) await deleteCourseContent({ ...key, contentId: content.documentId }).unwrap();
        }}
      />
    </Box>
  );
}
