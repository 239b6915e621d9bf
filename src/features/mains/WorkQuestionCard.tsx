// The pieces of a learner's sitting (WorkPage): the deadline countdown by the server's clock, a
// file link, and one question with its answer documents, upload (with progress) and removal.
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichText } from '../../components/content/RichText';
import { formatDateTime } from '../../lib/dates';
import type { MediaFile } from '../media';
import { UploadProgress, absoluteFileUrl } from '../media';
import { ANSWER_ACCEPT } from './answerRules';
import { countdownText } from './mainsLabels';
import type { WorkQuestion } from './mainsTypes';

export interface Upload {
  label: string;
  percent: number;
}

export function Countdown({ expiresAt, serverTime }: { expiresAt: string; serverTime: string }) {
  // The server's clock, read through the difference to this browser's at load time.
  const [skew] = useState(() => Date.parse(serverTime) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Date.parse(expiresAt) - (now + skew);
  if (left <= 0) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        The deadline has passed ({formatDateTime(expiresAt, { zone: true })}).
      </Alert>
    );
  }
  return (
    <Alert severity={left < 5 * 60 * 1000 ? 'warning' : 'info'} sx={{ mb: 2 }}>
      <span role="timer" aria-label="Time left">
        Time left: {countdownText(left)}
      </span>{' '}
      (deadline {formatDateTime(expiresAt, { zone: true })})
    </Alert>
  );
}

export function FileLink({ file }: { file: MediaFile }) {
  return (
    <Link href={absoluteFileUrl(file.url)} target="_blank" rel="noopener">
      {file.name}
    </Link>
  );
}

export interface QuestionCardProps {
  question: WorkQuestion;
  number: number;
  documents: MediaFile[];
  open: boolean;
  upload: Upload | null;
  errors: string[];
  onFiles: (files: File[]) => void;
  onRemove: (file: MediaFile) => void;
  removing: number | null;
}

export function QuestionCard(props: QuestionCardProps) {
  const { question, number, documents, open, upload, errors, onFiles, onRemove, removing } = props;
  const inputId = useId();
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length > 0) onFiles(picked);
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Question ${number}`}
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Question {number}
        </Typography>
        <Chip size="small" variant="outlined" label={question.subject?.name ?? 'No subject'} />
        {question.points_correct_answer !== null ? (
          <Chip size="small" variant="outlined" label={`${question.points_correct_answer} marks`} />
        ) : null}
      </Box>
      <Typography variant="body1" component="div" sx={{ whiteSpace: 'pre-line', mb: 1.5 }}>
        <RichText inline text={question.question} />
      </Typography>
      <Typography variant="subtitle2" component="p">
        Your answer documents
      </Typography>
      {documents.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No document uploaded yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Documents for question ${number}`} sx={{ m: 0, pl: 2.5 }}>
          {documents.map((file) => (
            <li key={file.id}>
              <FileLink file={file} />
              {open ? (
                <Button
                  size="small"
                  color="error"
                  disabled={removing === file.id}
                  onClick={() => onRemove(file)}
                  aria-label={`Remove ${file.name}`}
                  sx={{ ml: 1 }}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </Box>
      )}
      {upload ? (
        <Box sx={{ mt: 1 }}>
          <UploadProgress name={upload.label} percent={upload.percent} />
        </Box>
      ) : null}
      {errors.map((message) => (
        <Alert key={message} severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ))}
      {open ? (
        <Box sx={{ mt: 1 }}>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            size="small"
            disabled={Boolean(upload)}
          >
            Upload answer
            <input
              id={inputId}
              type="file"
              multiple
              hidden
              accept={ANSWER_ACCEPT}
              aria-label={`Upload answer for question ${number}`}
              onChange={onPick}
              disabled={Boolean(upload)}
            />
          </Button>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            PDF, PNG, JPEG or WebP; up to 20 MB each. Photos (JPEG, PNG, WebP) chosen together
            become one PDF, a page per photo in the order chosen (at most 20 photos).
          </Typography>
        </Box>
      ) : null}
    </Paper>
  );
}
