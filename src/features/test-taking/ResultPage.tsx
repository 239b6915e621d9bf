// /testcorner/result/:resultId: the score, pass or fail, counts, time taken, rank and
// percentile (all from the server), then every question with the learner's and the correct
// answer, the points awarded and the explanation. Staff open the same page from a test's results
// (issue 22): it names the learner and leads back to the reports. Where the test's review options
// withhold the score or the learner's answers for now (issue 23), the page says when they will
// be shown instead.
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichText } from '../../components/content/RichText';
import { PageContainer } from '../../components/layout/PageContainer';
import { paths, reportPaths } from '../../lib/paths';
import { useAppSelector } from '../../store/hooks';
import { useTranslation } from '../../lib/i18n';
import { selectRoleKind } from '../../session/sessionSlice';
import { queryErrorMessage } from '../../store/api';
import { durationText, numberText, pointsText } from './examLabels';
import { useResultQuery } from './examEndpoints';
import { BackToTests, Fact, Facts, PageWaiting } from './ExamFacts';
import { IntegrityTimeline } from '../reports';
import { CHOICES, optionOf, type ReviewQuestion } from './examTypes';
import { kindOf, lettersOf } from './answerKinds';
import { hasKey, useAnswerText } from './answerText';

function ReviewItem({
  question,
  number,
  keyHidden,
  answersHidden,
  staff,
  sectionName,
}: {
  question: ReviewQuestion;
  number: number;
  /** Sections (issue 23): the section the question was in. */
  sectionName?: string;
  /** Staff read a learner's attempt: "learner's answer", not "your answer". */
  staff: boolean;
  /** The test's review options withhold the key (or the score, or the answers): no points. */
  keyHidden: boolean;
  /** The learner's own answers are withheld: "Not answered" would be wrong. */
  answersHidden: boolean;
}) {
  const { t } = useTranslation('exam');
  const headingId = `review-${question.documentId}`;
  const correct = (question.correct_answer ?? '').toLowerCase();
  // Issue 26: each type's rows — options A–D (one or several chosen), True/False, or a number.
  const kind = kindOf(question.question_type);
  const { answerLabel, keyLabel } = useAnswerText();
  const chosen: string[] =
    kind === 'multiple' ? lettersOf(question.selected_answer) : [question.selected_answer ?? ''];
  const keyed: string[] = kind === 'multiple' ? lettersOf(correct) : [correct];
  const rows: Array<{ value: string; text: string | null }> =
    kind === 'truefalse'
      ? [
          { value: 'true', text: t('question.true') },
          { value: 'false', text: t('question.false') },
        ]
      : CHOICES.map((choice) => {
          const text = optionOf(question, choice);
          return { value: choice, text: text ? `${choice.toUpperCase()}. ${text}` : null };
        });
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ flexGrow: 1 }}>
          {t('result.question', { number })}
        </Typography>
        {sectionName ? (
          <Chip
            size="small"
            variant="outlined"
            label={t('result.section', { name: sectionName })}
          />
        ) : null}
        {question.subject ? (
          <Chip size="small" variant="outlined" label={question.subject.SubjectName} />
        ) : null}
        {keyHidden ? null : (
          <Chip
            size="small"
            color={
              question.points === null || question.points === 0
                ? 'default'
                : question.points > 0
                  ? 'success'
                  : 'error'
            }
            label={t('result.points', { points: pointsText(question.points) })}
          />
        )}
      </Box>
      <RichText text={question.question} sx={{ mb: 1 }} />
      {kind === 'numeric' ? (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {question.selected_answer !== null ? (
            <Typography component="li" sx={{ py: 0.5 }}>
              {staff ? t('result.learnersAnswer') : t('result.yourAnswer')}:{' '}
              <strong>{answerLabel(question, question.selected_answer)}</strong>
            </Typography>
          ) : null}
          {hasKey(question) ? (
            <Typography component="li" sx={{ py: 0.5 }}>
              {t('result.correctAnswer')}: <strong>{keyLabel(question, question)}</strong>
            </Typography>
          ) : null}
        </Box>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {rows.map(({ value, text }) => {
            if (text === null || text === '') return null;
            const mine = chosen.includes(value);
            const right = keyed.includes(value);
            const marks = [
              mine ? (staff ? t('result.learnersAnswer') : t('result.yourAnswer')) : null,
              right ? t('result.correctAnswer') : null,
            ].filter(Boolean);
            return (
              <Typography
                component="li"
                key={value}
                sx={{
                  py: 0.5,
                  px: 1,
                  borderRadius: 1,
                  fontWeight: mine || right ? 600 : 400,
                  // Without the key a learner's own choice is neither right nor wrong here.
                  bgcolor: right
                    ? 'success.light'
                    : mine
                      ? keyHidden
                        ? 'action.selected'
                        : 'error.light'
                      : 'transparent',
                  color: right || mine ? 'common.black' : 'text.primary',
                }}
              >
                <RichText inline text={text} />
                {marks.length > 0 ? ` (${marks.join(', ')})` : ''}
              </Typography>
            );
          })}
        </Box>
      )}
      {question.selected_answer === null && !answersHidden ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('result.notAnswered')}
        </Typography>
      ) : null}
      {question.explanation ? (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          <strong>{t('result.explanation')}</strong> <RichText inline text={question.explanation} />
        </Typography>
      ) : null}
    </Paper>
  );
}

/** Staff go back to where they came from (the results list), else to the reports. */
function BackToReports() {
  const navigate = useNavigate();
  const { t } = useTranslation('exam');
  return (
    <Button onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.reports))}>
      {t('result.backToResults')}
    </Button>
  );
}

export function ResultPage() {
  const { resultId = '' } = useParams();
  const { currentData: review, error } = useResultQuery(resultId);
  const staff = useAppSelector(selectRoleKind) !== 'student';
  const { t } = useTranslation('exam');

  if (!review) {
    const message = error ? queryErrorMessage(error, t('result.loadError')) : null;
    return (
      <PageWaiting title={t('result.title')} error={message} loadingLabel={t('result.loading')} />
    );
  }
  const { result, test, rank, outOf, percentile, questions, attempt } = review;
  const keyHidden = !review.review.answerKeyShown;
  const scoreHidden = !review.review.scoreShown;
  const answersHidden = !review.review.answersShown;
  const score = `${numberText(result.total_marks)} / ${numberText(test.MaximumMarks)}`;
  return (
    <PageContainer
      title={t('result.heading', { name: test.TestName })}
      actions={staff ? <BackToReports /> : <BackToTests />}
    >
      {staff && review.learner ? (
        <Typography sx={{ mb: 2 }}>
          {t('result.learner')}{' '}
          <Link component={RouterLink} to={reportPaths.progress(review.learner.documentId)}>
            {review.learner.name}
          </Link>
          {review.learner.rollNumber
            ? t('result.rollNumber', { roll: review.learner.rollNumber })
            : ''}
        </Typography>
      ) : null}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="score-title"
        sx={{ p: 3, mb: 3 }}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography id="score-title" component="h2" variant="h6">
            {t('result.score')}
          </Typography>
          {scoreHidden ? (
            <Typography component="p">{t('result.notShownYet')}</Typography>
          ) : (
            <Typography variant="h4" component="p" aria-label={t('result.scoreValue', { score })}>
              {score}
            </Typography>
          )}
          {result.passed !== null ? (
            <Chip
              color={result.passed ? 'success' : 'error'}
              label={result.passed ? t('result.passed') : t('result.failed')}
            />
          ) : null}
          {attempt.is_practice_test ? (
            <Chip color="info" variant="outlined" label={t('common.practice')} />
          ) : null}
          {attempt.closed_by === 'expiry' ? (
            <Chip variant="outlined" label={t('result.expired')} />
          ) : null}
        </Box>
        {scoreHidden ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {review.review.scoreMessage ?? t('result.scoreNotShown')} {t('result.submittedSaved')}
          </Alert>
        ) : null}
        <Facts columns={6}>
          <Fact large term={t('result.correct')} value={numberText(result.correct_count)} />
          <Fact large term={t('result.incorrect')} value={numberText(result.incorrect_count)} />
          <Fact large term={t('result.unanswered')} value={numberText(result.unanswered_count)} />
          <Fact
            large
            term={t('result.timeTaken')}
            value={durationText(result.time_taken_seconds)}
          />
          <Fact
            large
            term={t('result.rank')}
            value={rank !== null && outOf !== null ? t('result.rankOf', { rank, outOf }) : '—'}
          />
          <Fact
            large
            term={t('result.percentile')}
            value={percentile !== null ? String(percentile) : '—'}
          />
        </Facts>
      </Paper>
      {staff ? <IntegrityTimeline resultId={resultId} /> : null}
      <Typography component="h2" variant="h6" sx={{ mb: 2 }} id="review-title">
        {t('result.review')}
      </Typography>
      {keyHidden ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {review.review.message ?? t('result.keyNotShown')}
        </Alert>
      ) : null}
      {answersHidden ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {review.review.answersMessage ?? t('result.answersNotShown')}
        </Alert>
      ) : null}
      {attempt.shuffled ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('result.shuffled')}
        </Alert>
      ) : null}
      <Box
        component="ol"
        aria-labelledby="review-title"
        sx={{ display: 'grid', gap: 2, p: 0, m: 0 }}
      >
        {questions.map((question, index) => (
          <ReviewItem
            key={question.documentId}
            question={question}
            number={index + 1}
            keyHidden={keyHidden || scoreHidden || answersHidden}
            answersHidden={answersHidden}
            staff={staff}
            sectionName={attempt.sections?.[question.section ?? -1]?.name}
          />
        ))}
      </Box>
    </PageContainer>
  );
}
