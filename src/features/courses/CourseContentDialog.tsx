import { useState } from 'react';
import type { CourseContent, Topic } from './courseTypes';
import { useSaveCourseContentMutation } from './coursesEndpoints';
import { MaterialsFormDialog, useMaterialsForm } from './MaterialsFormDialog';
import { SingleRefPicker } from './RefPicker';

interface CourseContentDialogProps {
  courseId: string;
  subjectId: string;
  topics: readonly Topic[];
  /** The content to edit; none to add one. */
  content?: CourseContent | null;
  /** After the save (which refreshes the course contents by itself). */
  onSaved?: () => void;
  onClose: () => void;
}

/** Add or edit a course content: its topic, description and materials (videos are added on the card). */
export function CourseContentDialog(props: CourseContentDialogProps) {
  const { courseId, subjectId, topics, content, onSaved, onClose } = props;
  const [saveCourseContent] = useSaveCourseContentMutation();
  const [topic, setTopic] = useState<Topic | null>(
    topics.find((item) => item.documentId === content?.topic?.documentId) ?? null,
  );
  const fields = useMaterialsForm(
    onClose,
    content?.description ?? '',
    content?.topic_materials ?? [],
  );

  const save = () =>
    fields.submit(false, async () => {
      await saveCourseContent({
        documentId: content?.documentId,
        payload: {
          course: courseId,
          subject: subjectId,
          topic: topic?.documentId ?? null,
          description: fields.description,
          topic_materials: fields.fileIds,
          youtube_videos: (content?.youtube_videos ?? []).map((video) => video.documentId),
        },
      }).unwrap();
      onSaved?.();
    });

  return (
    <MaterialsFormDialog
      title={content ? 'Edit content' : 'Add content'}
      noun="content"
      fields={fields}
      onSubmit={save}
    >
      <SingleRefPicker
        label="Topic"
        options={topics}
        value={topic}
        onChange={setTopic}
        labelOf={(item) => item.topic_name}
        helperText={topics.length === 0 ? 'This subject has no topics yet.' : undefined}
      />
    </MaterialsFormDialog>
  );
}
