// One question as a learner sees it (issue 26), opened from the question pool or a test's question
// list: the text and options through the player's own AnswerInput (rich text, maths by KaTeX), an
// answer staff may pick and change (kept in memory, never saved) and, on request, the key.
// Full screen on a phone; the dialog traps and returns the keyboard focus as MUI's dialogs do.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RichText } from '../../components/content/RichText';
import { Spinner } from '../../components/feedback/Spinner';
import { queryErrorMessage } from '../../store/api';
import { AnswerInput } from './AnswerInput';
import { kindOf } from './answerKinds';
import { PreviewKeyPanel } from './PreviewKeyPanel';
import { type PreviewSource, useQuestionPreviewQuery } from './previewEndpoints';
import { usePreviewAnswers } from './usePreviewAnswers';

interface QuestionPreviewDialogProps {
  source: PreviewSource;
  documentId: string;
  onClose: () => void;
}

export function QuestionPreviewDialog({ source, documentId, onClose }: QuestionPreviewDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [withKey, setWithKey] = useState(false);
  const preview = useQuestionPreviewQuery({ source, documentId, withKey });
  const { answerOf, change } = usePreviewAnswers();
  const data = preview.data;
  const question = data?.question;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="question-preview-title"
    >
      <DialogTitle id="question-preview-title">Preview as a learner</DialogTitle>
      <DialogContent dividers>
        <Alert severity="info" sx={{ mb: 2 }}>
          This is what a learner sees. Your answers here are not saved and no attempt is recorded.
        </Alert>
        <FormControlLabel
          control={
            <Switch checked={withKey} onChange={(event) => setWithKey(event.target.checked)} />
          }
          label="Show the key"
          sx={{ mb: 1 }}
        />
        {preview.isError ? (
          <Alert severity="error">
            {queryErrorMessage(preview.error, 'The preview could not be loaded.')}
          </Alert>
        ) : null}
        {!question && !preview.isError ? <Spinner label="Loading the preview" /> : null}
        {question ? (
          <>
            {question.subject ? (
              <Chip
                size="small"
                variant="outlined"
                label={question.subject.SubjectName}
                sx={{ mb: 1 }}
              />
            ) : null}
            <Typography variant="body1" component="div" sx={{ whiteSpace: 'pre-line', mb: 2 }}>
              <RichText inline text={question.question} />
            </Typography>
            {kindOf(question.question_type) === 'descriptive' ? (
              <Alert severity="info">
                A descriptive (Mains) question: learners answer it by uploading their answer
                documents on their Mains work page.
              </Alert>
            ) : (
              <AnswerInput
                key={question.documentId}
                question={question}
                value={answerOf(question.documentId).selected_answer}
                number={1}
                locked={false}
                onAnswer={(value) => change(question.documentId, { selected_answer: value })}
              />
            )}
            {withKey && data?.key ? (
              <PreviewKeyPanel question={question} answerKey={data.key} />
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
