import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../app/hooks';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import { MaterialsField } from '../media/MaterialsField';
import type { MediaFile } from '../media/mediaTypes';
import type { Topic } from './courseTypes';
import { createTopic, updateTopic } from './subjectsSlice';

interface TopicFormDialogProps {
  subjectId: string;
  /** The topic to edit; none to create one. */
  topic?: Topic | null;
  onSaved: () => void;
  onClose: () => void;
}

export function TopicFormDialog({ subjectId, topic, onSaved, onClose }: TopicFormDialogProps) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(topic?.topic_name ?? '');
  const [description, setDescription] = useState(topic?.topic_description ?? '');
  const [materials, setMaterials] = useState<MediaFile[]>(topic?.topic_material ?? []);
  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const nameProblem = name.trim() ? null : 'Enter the topic name.';

  const save = async () => {
    setTouched(true);
    if (nameProblem || uploading) return;
    setSaving(true);
    setError(null);
    const topic_material = materials.map((file) => file.id);
    try {
      if (topic) {
        await dispatch(
          updateTopic({
            documentId: topic.documentId,
            payload: { topic_name: name.trim(), topic_description: description, topic_material },
          }),
        ).unwrap();
      } else {
        await dispatch(
          createTopic({
            topic_name: name.trim(),
            topic_description: description,
            subject: subjectId,
            topic_material,
          }),
        ).unwrap();
      }
      onSaved();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="topic-form-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="topic-form-title">{topic ? 'Edit topic' : 'New topic'}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="topic-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextInput
            label="Topic name"
            value={name}
            onChange={setName}
            required
            autoFocus={!topic}
            error={touched && nameProblem !== null}
            helperText={touched ? nameProblem : null}
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
            disabled={saving}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form="topic-form" variant="contained" disabled={saving || uploading}>
          {saving ? 'Saving…' : uploading ? 'Uploading…' : 'Save topic'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
