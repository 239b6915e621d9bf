import { RequiredTextInput, useRequiredText } from '../../components/form/RequiredTextInput';
import type { Topic } from './courseTypes';
import { MaterialsFormDialog, useMaterialsForm } from './MaterialsFormDialog';
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
  const name = useRequiredText(topic?.topic_name ?? '', 'Enter the topic name.');
  const fields = useMaterialsForm(
    onClose,
    topic?.topic_description ?? '',
    topic?.topic_material ?? [],
  );

  const save = () =>
    fields.submit(name.problem !== null, async () => {
      const topic_material = fields.fileIds;
      const topic_description = fields.description;
      if (topic) {
        await updateTopic({
          documentId: topic.documentId,
          subjectId,
          payload: { topic_name: name.trimmed, topic_description, topic_material },
        }).unwrap();
      } else {
        await createTopic({
          topic_name: name.trimmed,
          topic_description,
          subject: subjectId,
          topic_material,
        }).unwrap();
      }
      onSaved?.();
    });

  return (
    <MaterialsFormDialog
      title={topic ? 'Edit topic' : 'New topic'}
      noun="topic"
      fields={fields}
      onSubmit={save}
    >
      <RequiredTextInput
        label="Topic name"
        field={name}
        shown={fields.form.shown}
        autoFocus={!topic}
      />
    </MaterialsFormDialog>
  );
}
