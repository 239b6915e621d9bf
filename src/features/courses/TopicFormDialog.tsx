import { useCallback, useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';
import type { Topic } from './courseTypes';
import { useCreateTopicMutation, useUpdateTopicMutation } from './subjectsEndpoints';

interface TopicFormDialogProps {
  subjectId: string;
  /** The topic to edit; none to create one. */
  topic?: Topic | null;
  /** After the save (which refreshes the subject's page by itself). */
  onSaved?: () => void;
  onClose: () => void;
}

export function TopicFormDialog({ subjectId, topic, onSaved, onClose }: TopicFormDialogProps) {
  const [createTopic] = useCreateTopicMutation();
  const [updateTopic] = useUpdateTopicMutation();
  const [name, setName] = useState(topic?.topic_name ?? '');
  const [description, setDescription] = useState(topic?.topic_description ?? '');
  const [materials, setMaterials] = useState<MediaFile[]>(topic?.topic_material ?? []);
  const [uploading, setUploading] = useState(false);
  const form = useFormSubmit(onClose);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const nameProblem = name.trim() ? null : 'Enter the topic name.';

  const save = () =>
    form.submit(nameProblem !== null || uploading, async () => {
      const topic_material = materials.map((file) => file.id);
      if (topic) {
        await updateTopic({
          documentId: topic.documentId,
          subjectId,
          payload: { topic_name: name.trim(), topic_description: description, topic_material },
        }).unwrap();
      } else {
        await createTopic({
          topic_name: name.trim(),
          topic_description: description,
          subject: subjectId,
          topic_material,
        }).unwrap();
      }
      onSaved?.();
    });

  return (
    <FormDialog
      {...form.dialog}
      title={topic ? 'Edit topic' : 'New topic'}
      submitLabel={uploading ? 'Uploading…' : 'Save topic'}
      submitDisabled={uploading}
      maxWidth="sm"
      onSubmit={save}
    >
      <TextInput
        label="Topic name"
        value={name}
        onChange={setName}
        required
        autoFocus={!topic}
        problem={form.shown(nameProblem)}
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
