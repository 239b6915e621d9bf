// The question form's "Add image" button (issue 26) and its dialog, opened only when pressed.
import { useState } from 'react';
import Button from '@mui/material/Button';
import { QuestionImageDialog, type ImageTarget } from './QuestionImageDialog';
import { ANSWER_KEYS } from './questionTypes';

export function QuestionImageButton({
  withOptions,
  onInsert,
}: {
  withOptions: boolean;
  onInsert: (target: string, html: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const targets: ImageTarget[] = [
    { key: 'question', label: 'Question' },
    ...(withOptions
      ? ANSWER_KEYS.map((key) => ({ key, label: `Option ${key.toUpperCase()}` }))
      : []),
    { key: 'explanation', label: 'Explanation' },
  ];
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => setOpen(true)}
      >
        Add image
      </Button>
      {open ? (
        <QuestionImageDialog targets={targets} onInsert={onInsert} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
