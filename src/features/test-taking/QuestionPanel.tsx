// The question on screen in the player: its text and answer control (AnswerInput, per type), a practice check's outcome, and
// the learner's controls (previous, next, mark as important, clear, check).
import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichText } from '../../components/content/RichText';
import { useTranslation } from '../../lib/i18n';
import { pointsText } from './examLabels';
import type { AnswerView } from './examSlice';
import { AnswerInput } from './AnswerInput';
import { kindOf } from './answerKinds';
import { hasKey, useAnswerText } from './answerText';
import type { CheckOutcome, ExamQuestion } from './examTypes';
import type { AnswerPatch } from './useAnswerOutbox';

interface QuestionPanelProps {
  question: ExamQuestion;
  answer: AnswerView;
  index: number;
  count: number;
  outcome: CheckOutcome | undefined;
  practice: boolean;
  /** No change is possible (checked, or the attempt is being submitted). */
  locked: boolean;
  /** The check button waits (a check running, or the attempt being submitted). */
  checkBusy: boolean;
  onChange: (patch: AnswerPatch) => void;
  onGo: (index: number) => void;
  onCheck: () => void;
}

function Outcome({ outcome, question }: { outcome: CheckOutcome; question: ExamQuestion }) {
  const { t } = useTranslation('exam');
  const { keyLabel } = useAnswerText();
  // A multiple-correct answer under the test's partial rule (issue 26) scores a share.
  const partial = outcome.outcome === 'partial';
  return (
    <Alert severity={partial ? 'warning' : outcome.is_correct ? 'success' : 'error'} sx={{ mt: 2 }}>
      <strong>
        {partial
          ? t('question.partial')
          : outcome.is_correct
            ? t('question.correct')
            : t('question.incorrect')}
      </strong>
      {hasKey(outcome)
        ? t('question.correctAnswerIs', { label: keyLabel(question, outcome) })
        : '.'}{' '}
      {t('question.points', { points: pointsText(outcome.points) })}
      {outcome.explanation ? (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          <RichText inline text={outcome.explanation} />
        </Typography>
      ) : null}
    </Alert>
  );
}

export function QuestionPanel(props: QuestionPanelProps) {
  const { question, answer, index, count, outcome, practice, locked, checkBusy } = props;
  const { onChange, onGo, onCheck } = props;
  const { t } = useTranslation('exam');
  // Every change names the question's type: the save sends the answer in that type's shape.
  const kind = kindOf(question.question_type);
  // Keyboard focus stays on a button: Next turns disabled under the focus on the last question
  // (Previous on the first), so the focus moves to the other one instead of the page's start.
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const movedBy = useRef<'previous' | 'next' | null>(null);
  useEffect(() => {
    const by = movedBy.current;
    movedBy.current = null;
    if (by === 'next' && index >= count - 1) previousRef.current?.focus();
    if (by === 'previous' && index === 0) nextRef.current?.focus();
  }, [index, count]);
  const step = (by: 'previous' | 'next') => {
    movedBy.current = by;
    onGo(by === 'next' ? index + 1 : index - 1);
  };
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="question-heading" component="h2" variant="h6">
          {t('question.heading', { number: index + 1, count })}
        </Typography>
        {question.subject ? (
          <Chip size="small" variant="outlined" label={question.subject.SubjectName} />
        ) : null}
        {answer.mark_as_important ? (
          <Chip size="small" color="secondary" label={t('question.marked')} />
        ) : null}
      </Box>
      <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mb: 2 }}>
        <RichText inline text={question.question} />
      </Typography>
      <AnswerInput
        question={question}
        value={answer.selected_answer}
        number={index + 1}
        locked={locked}
        onAnswer={(value) => onChange({ selected_answer: value, kind })}
      />

      {outcome ? <Outcome outcome={outcome} question={question} /> : null}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
        <Button
          ref={previousRef}
          variant="outlined"
          disabled={index === 0}
          onClick={() => step('previous')}
        >
          {t('question.previous')}
        </Button>
        <Button
          ref={nextRef}
          variant="outlined"
          disabled={index >= count - 1}
          onClick={() => step('next')}
        >
          {t('question.next')}
        </Button>
        <Button
          variant={answer.mark_as_important ? 'contained' : 'outlined'}
          color="secondary"
          aria-pressed={answer.mark_as_important}
          disabled={locked}
          onClick={() => onChange({ mark_as_important: !answer.mark_as_important, kind })}
        >
          {t('question.markImportant')}
        </Button>
        <Button
          variant="text"
          disabled={locked || answer.selected_answer === null}
          onClick={() => onChange({ selected_answer: null, kind })}
        >
          {t('question.clear')}
        </Button>
        {practice ? (
          <Button
            variant="contained"
            color="info"
            disabled={answer.checked || !answer.selected_answer || checkBusy}
            onClick={onCheck}
          >
            {t('question.check')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
