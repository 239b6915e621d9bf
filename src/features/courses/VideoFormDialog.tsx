import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import { NOT_A_YOUTUBE_LINK, youtubeVideoId } from '../media';
import type { VideoPayload, YoutubeVideo } from './courseTypes';

interface VideoFormDialogProps {
  /** The video to edit; none to add one. */
  video?: YoutubeVideo | null;
  onSave: (video: VideoPayload) => Promise<unknown>;
  onClose: () => void;
}

/** Add or edit a YouTube video (title and link); the link is checked before anything is sent. */
export function VideoFormDialog({ video, onSave, onClose }: VideoFormDialogProps) {
  const [title, setTitle] = useState(video?.title ?? '');
  const [url, setUrl] = useState(video?.url ?? '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const titleProblem = title.trim() ? null : 'Enter a title.';
  const urlProblem = youtubeVideoId(url) ? null : NOT_A_YOUTUBE_LINK;

  const save = async () => {
    setTouched(true);
    if (titleProblem || urlProblem) return;
    setSaving(true);
    setError(null);
    try {
      await onSave({ title: title.trim(), url: url.trim() });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  const heading = video ? 'Edit video' : 'Add video';
  return (
    <FormDialog
      title={heading}
      submitLabel="Save video"
      saving={saving}
      error={error}
      maxWidth="sm"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label="Title"
        value={title}
        onChange={setTitle}
        required
        autoFocus
        error={touched && titleProblem !== null}
        helperText={touched ? titleProblem : null}
      />
      <TextInput
        label="YouTube link"
        type="url"
        value={url}
        onChange={setUrl}
        required
        error={touched && urlProblem !== null}
        helperText={touched ? urlProblem : 'For example https://www.youtube.com/watch?v=…'}
      />
    </FormDialog>
  );
}
