import { useCallback, useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';
import type { CourseContent, Topic } from './courseTypes';
import { useSaveCourseContentMutation } from './coursesEndpoints';
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
  const [description, setDescription] = useState(content?.description ?? '');
  const [materials, setMaterials] = useState<MediaFile[]>(content?.topic_materials ?? []);
  const [uploading, setUploading] = useState(false);
  const form = useFormSubmit(onClose);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const save = () =>
    form.submit(uploading, async () => {
      await saveCourseContent({
        documentId: content?.documentId,
        payload: {
          course: courseId,
          subject: subjectId,
          topic: topic?.documentId ?? null,
          description,
          topic_materials: materials.map((file) => file.id),
          youtube_videos: (content?.youtube_videos ?? []).map((video) => video.documentId),
        },
      }).unwrap();
      onSaved?.();
    });

  return (
    <FormDialog
      {...form.dialog}
      title={content ? 'Edit content' : 'Add content'}
      submitLabel={uploading ? 'Uploading…' : 'Save content'}
      submitDisabled={uploading}
      maxWidth="sm"
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
      <TextInput
        label="Description"
        value={description}
        onChange={setDescription}
        multiline
        minRows={3}
      />
      <MaterialsField
        label="Materials"
        files={materials}
        onChange={setMaterials}
        onBusyChange={onBusyChange}
        disabled={form.dialog.saving}
      />
    </FormDialog>
  );
}
