// The key under a previewed question (issue 26), shown only when staff turn "Show the key" on:
// the right answer as the review words it (useAnswerText), the marks and the explanation as rich
// text. It is staff's own check, never something a learner's player shows before the result.
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { RichText } from '../../components/content/RichText';
import { hasKey, useAnswerText } from './answerText';
import { pointsText } from './examLabels';
import type { ExamQuestion } from './examTypes';
import type { PreviewKey } from './previewEndpoints';

export function PreviewKeyPanel({
  question,
  answerKey,
}: {
  question: ExamQuestion;
  answerKey: PreviewKey;
}) {
  const { keyLabel } = useAnswerText();
  return (
    <Alert severity="info" icon={false} aria-label="Answer key" sx={{ mt: 2 }}>
      <Typography variant="body2">
        <strong>Correct answer: </strong>
        {hasKey(answerKey) ? (
          <RichText inline text={keyLabel(question, answerKey)} />
        ) : (
          '— (none set)'
        )}
      </Typography>
      <Typography variant="body2">
        <strong>Marks: </strong>
        {pointsText(answerKey.points_correct_answer)} correct,{' '}
        {pointsText(answerKey.points_incorrect_answer)} incorrect
      </Typography>
      {answerKey.explanation ? (
        <Typography variant="body2" component="div" sx={{ mt: 1 }}>
          <strong>Explanation: </strong>
          <RichText inline text={answerKey.explanation} />
        </Typography>
      ) : null}
    </Alert>
  );
}
