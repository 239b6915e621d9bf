// Add an image to a question (issue 26): choose the field (question, an option, the explanation),
// a PNG, JPEG, GIF or WebP file of at most 2 MB, and its text alternative, which is required (a
// learner with a screen reader must be told what the picture shows). The server checks the file
// again by its bytes and answers where it is stored; an <img> with that source and the text is
// added at the end of the field. Not a form: it opens inside the question's own form dialog,
// whose submit must not fire when this one's button is pressed.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { queryErrorMessage } from '../../store/api';
import { useUploadQuestionImageMutation } from './questionsEndpoints';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface ImageTarget {
  key: string;
  label: string;
}

interface QuestionImageDialogProps {
  targets: readonly ImageTarget[];
  onInsert: (target: string, html: string) => void;
  onClose: () => void;
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The image's markup, as the server's sanitiser keeps it. */
export const imageHtml = (src: string, alt: string): string =>
  `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt.trim())}">`;

/** Why the chosen file cannot be sent, or null. */
export function imageFileProblem(file: File | null): string | null {
  if (!file) return 'Choose an image.';
  if (!IMAGE_TYPES.includes(file.type)) return 'The image must be a PNG, JPEG, GIF or WebP file.';
  if (file.size > IMAGE_MAX_BYTES) return 'The image is larger than 2 MB.';
  return null;
}

export function QuestionImageDialog({ targets, onInsert, onClose }: QuestionImageDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const [target, setTarget] = useState(targets[0]?.key ?? 'question');
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [upload, { isLoading }] = useUploadQuestionImageMutation();

  const fileProblem = imageFileProblem(file);
  const altProblem = alt.trim()
    ? null
    : 'Describe the image for learners who cannot see it (required).';

  const add = async () => {
    setTouched(true);
    setFailure(null);
    if (fileProblem || altProblem || !file) return;
    try {
      const src = await upload(file).unwrap();
      onInsert(target, imageHtml(src, alt));
      onClose();
    } catch (error) {
      setFailure(queryErrorMessage(error, 'The image could not be uploaded.'));
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>Add an image</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <SelectInput
            label="Add to"
            value={target}
            onChange={setTarget}
            choices={targets.map((t) => ({ value: t.key, label: t.label }))}
          />
          <div>
            <Button component="label" htmlFor={inputId} variant="outlined">
              Choose image
            </Button>
            <input
              id={inputId}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              aria-label="Image file"
              hidden
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Typography variant="body2" sx={{ mt: 1 }} role="status">
              {file ? file.name : 'No image chosen (PNG, JPEG, GIF or WebP, at most 2 MB).'}
            </Typography>
            {touched && fileProblem ? (
              <Typography variant="body2" color="error" role="alert">
                {fileProblem}
              </Typography>
            ) : null}
          </div>
          <TextInput
            label="Text alternative"
            value={alt}
            onChange={setAlt}
            required
            problem={touched ? altProblem : null}
            helperText="What the image shows, read aloud to learners who use a screen reader."
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void add()} disabled={isLoading}>
          {isLoading ? 'Uploading…' : 'Add image'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
