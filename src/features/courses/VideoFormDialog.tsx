import { useState } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { RequiredTextInput, useRequiredText } from '../../components/form/RequiredTextInput';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
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
  const title = useRequiredText(video?.title ?? '', 'Enter a title.');
  const [url, setUrl] = useState(video?.url ?? '');
  const form = useFormSubmit(onClose);

  const urlProblem = youtubeVideoId(url) ? null : NOT_A_YOUTUBE_LINK;

  const save = () =>
    form.submit(title.problem !== null || urlProblem !== null, () =>
      onSave({ title: title.trimmed, url: url.trim() }),
    );

  const heading = video ? 'Edit video' : 'Add video';
  return (
    <FormDialog {...form.dialog} title={heading} submitLabel="Save video" onSubmit={save}>
      <RequiredTextInput label="Title" field={title} shown={form.shown} />
      <TextInput
        label="YouTube link"
        type="url"
        value={url}
        onChange={setUrl}
        required
        error={form.touched && urlProblem !== null}
        helperText={form.touched ? urlProblem : 'For example https://www.youtube.com/watch?v=…'}
      />
    </FormDialog>
  );
}
