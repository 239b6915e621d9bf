// /testcorner/attempt/:attemptId: taking a test. The menu and top bar are hidden and idle
// sign-out waits (the ui slice's test-started flag). The clock is the server's (its expiry, and
// the offset between its clock and this one). Every change is written to the outbox (IndexedDB)
// and then saved; a reload resumes with the outbox laid over the server's answers, at the same
// question. Submit (or the end of the time) first sends what waits, then submits.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { examPaths, paths } from '../../lib/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { errorMessage } from '../../lib/strapi';
import { headerVisibilityChanged, testStartedChanged } from '../../store/uiSlice';
import { writePlace, type PendingAnswer } from './examDb';
import { clockText, pointsText } from './examLabels';
import { answerChanged, questionShown, selectPlayer } from './examSlice';
import { checkPracticeAnswer, confirmAttemptOver, openAttempt, submitAttempt } from './examThunks';
import { CHOICES, optionOf, type Choice } from './examTypes';
import { QuestionPalette, paletteItem } from './QuestionPalette';
import { useOnline, usePendingTooLong, useSecondsLeft } from './playerClock';
import { useAnswerOutbox } from './useAnswerOutbox';

/** How long Submit waits for unsent answers before telling the learner. */
export const SUBMIT_FLUSH_MS = 10_000;
/** At the end of the time: send what can be sent in this long, then submit. */
export const EXPIRY_FLUSH_MS = 5_000;
/** The countdown turns to a warning colour in the last 5 minutes. */
const WARNING_SECONDS = 5 * 60;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function AttemptPlayer() {
  const { attemptId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const player = useAppSelector(selectPlayer);
  const mine = player.attemptId === attemptId;
  const ready = mine && player.status === 'succeeded' && !player.ended;
  const finishingRef = useRef(false);
  const checksAsked = useRef(new Set<string>());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [finishing, setFinishing] = useState<null | 'learner' | 'expired'>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const online = useOnline();
  const pendingTooLong = usePendingTooLong(player.pendingCount);

  // A test fills the page: no menu, no top bar, no tabs, no idle sign-out.
  useEffect(() => {
    dispatch(testStartedChanged(true));
    dispatch(headerVisibilityChanged(false));
    return () => {
      dispatch(testStartedChanged(false));
      dispatch(headerVisibilityChanged(true));
    };
  }, [dispatch]);

  useEffect(() => {
    finishingRef.current = false;
    void dispatch(openAttempt(attemptId));
  }, [dispatch, attemptId]);

  // An attempt that is over goes to its result.
  const ended = mine && player.ended;
  const resultId = player.resultId;
  useEffect(() => {
    if (ended && resultId) void navigate(examPaths.result(resultId), { replace: true });
  }, [ended, resultId, navigate]);

  // The outbox of this attempt: picks up what an earlier page left, sends every change.
  const outbox = useAnswerOutbox(attemptId, ready, setNotice);

  // Where the learner is, kept for a reload (and a sign-in after a forced sign-out).
  const { index, visited } = player;
  useEffect(() => {
    if (!ready) return;
    writePlace({ attemptId, index, visited, updatedAt: Date.now() }).catch(() => undefined);
  }, [ready, attemptId, index, visited]);

  const expiresAt = player.attempt?.expires_at ? Date.parse(player.attempt.expires_at) : null;
  const secondsLeft = useSecondsLeft(
    expiresAt !== null && Number.isNaN(expiresAt) ? null : expiresAt,
    player.clockOffsetMs,
  );

  const finish = useCallback(
    async (reason: 'learner' | 'expired') => {
      if (finishingRef.current) return;
      finishingRef.current = true;
      setFinishing(reason);
      setFinishError(null);
      const flushed = await outbox.flush(reason === 'learner' ? SUBMIT_FLUSH_MS : EXPIRY_FLUSH_MS);
      if (!flushed && reason === 'learner') {
        finishingRef.current = false;
        setFinishing(null);
        setFinishError(
          `${plural(outbox.size(), 'answer is', 'answers are')} not saved yet. Check your connection: they are retried automatically, and you can submit once they are saved.`,
        );
        return;
      }
      try {
        const result = await dispatch(submitAttempt(attemptId));
        outbox.stop();
        void navigate(examPaths.result(result.documentId), { replace: true });
      } catch (failure) {
        // Already closed by the server (time up elsewhere)? Then its result is ready.
        const over = await dispatch(confirmAttemptOver(attemptId)).catch(() => false);
        if (over) return;
        finishingRef.current = false;
        setFinishing(null);
        setFinishError(errorMessage(failure, 'The test could not be submitted.'));
      }
    },
    [attemptId, dispatch, navigate, outbox],
  );

  // The end of the time submits the attempt.
  useEffect(() => {
    if (!ready || secondsLeft !== 0) return undefined;
    // From a timer, not the effect's body: finishing updates this component's state.
    const id = setTimeout(() => void finish('expired'), 0);
    return () => clearTimeout(id);
  }, [ready, secondsLeft, finish]);

  const question = player.questions[player.index];
  const answer = question ? player.answers[question.documentId] : undefined;
  const outcome = answer ? player.checks[answer.answerId] : undefined;
  const practice = player.attempt?.is_practice_test === true;

  // A practice answer checked before a reload: its check is read again (the server repeats it).
  const answerId = answer?.answerId;
  const checked = answer?.checked === true;
  useEffect(() => {
    if (!answerId || !checked || outcome || checksAsked.current.has(answerId)) return;
    checksAsked.current.add(answerId);
    dispatch(checkPracticeAnswer(answerId)).catch(() => undefined);
  }, [answerId, checked, outcome, dispatch]);

  if (!mine || player.status === 'loading' || player.status === 'idle' || (ended && resultId)) {
    return <Spinner label="Loading the test" />;
  }
  if (player.status === 'failed' || ended || !question || !answer) {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
        <Alert severity={ended ? 'info' : 'error'} sx={{ mb: 2 }}>
          {ended ? 'This attempt is over.' : (player.error ?? 'This test has no questions.')}
        </Alert>
        <Button component={RouterLink} to={paths.testCorner}>
          Back to tests
        </Button>
      </Box>
    );
  }

  const locked = answer.checked || finishing !== null;
  const change = (patch: { selected_answer?: Choice | null; mark_as_important?: boolean }) => {
    if (locked) return;
    const entry: PendingAnswer = {
      attemptId,
      answerId: answer.answerId,
      selected_answer:
        patch.selected_answer !== undefined ? patch.selected_answer : answer.selected_answer,
      mark_as_important: patch.mark_as_important ?? answer.mark_as_important,
      revision: Math.max(Date.now(), answer.revision + 1),
      queuedAt: Date.now(),
    };
    dispatch(answerChanged({ questionId: question.documentId, entry }));
    outbox.enqueue(entry);
  };

  const check = async () => {
    setChecking(true);
    setNotice(null);
    try {
      const saved = await outbox.flush(SUBMIT_FLUSH_MS);
      if (!saved) {
        setNotice('Your answer is not saved yet. Check it again once the connection is back.');
        return;
      }
      await dispatch(checkPracticeAnswer(answer.answerId));
    } catch (failure) {
      setNotice(errorMessage(failure, 'The answer could not be checked.'));
    } finally {
      setChecking(false);
    }
  };

  const go = (next: number) => dispatch(questionShown(next));
  const count = player.questions.length;
  const items = player.questions.map((q, i) =>
    paletteItem(player.answers[q.documentId], player.visited.includes(i)),
  );
  const answered = items.filter((item) => item.state === 'answered').length;
  const marked = items.filter((item) => item.marked).length;
  const pending = player.pendingCount;
  const showBanner = !online || pendingTooLong;
  const timeUp = secondsLeft === 0;
  const questionHeadingId = 'question-heading';

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="page-title" variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {player.test?.TestName}
          {practice ? <Chip size="small" color="info" label="Practice" sx={{ ml: 1 }} /> : null}
        </Typography>
        {secondsLeft !== null ? (
          <Typography
            role="timer"
            aria-label="Time left"
            variant="h6"
            component="p"
            color={secondsLeft <= WARNING_SECONDS ? 'error' : 'text.primary'}
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {clockText(secondsLeft)}
          </Typography>
        ) : null}
        <Button
          variant="contained"
          color="primary"
          disabled={finishing !== null}
          onClick={() => (timeUp ? void finish('expired') : setConfirmOpen(true))}
        >
          Submit test
        </Button>
      </Box>

      {showBanner ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {online ? 'Connection problem' : 'Offline'} —{' '}
          {pending > 0
            ? `${plural(pending, 'answer', 'answers')} waiting to be saved. Keep this page open; they are saved as soon as the connection is back.`
            : 'your answers are kept in this browser and saved as soon as the connection is back. Keep this page open.'}
        </Alert>
      ) : null}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {pending === 0 ? (showBanner ? '' : 'All answers saved') : showBanner ? '' : 'Saving…'}
      </Typography>
      {finishing === 'expired' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Time is up — submitting your answers…
        </Alert>
      ) : null}
      {finishError && !confirmOpen ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void finish(timeUp ? 'expired' : 'learner')}
            >
              Try again
            </Button>
          }
        >
          {finishError}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 280px' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography id={questionHeadingId} component="h2" variant="h6">
              Question {player.index + 1} of {count}
            </Typography>
            {question.subject ? (
              <Chip size="small" variant="outlined" label={question.subject.SubjectName} />
            ) : null}
            {answer.mark_as_important ? (
              <Chip size="small" color="secondary" label="Marked as important" />
            ) : null}
          </Box>
          <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mb: 2 }}>
            {question.question}
          </Typography>
          <RadioGroup
            aria-label={`Answer to question ${player.index + 1}`}
            value={answer.selected_answer ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              if ((CHOICES as readonly string[]).includes(value)) {
                change({ selected_answer: value as Choice });
              }
            }}
          >
            {CHOICES.map((choice) => {
              const text = optionOf(question, choice);
              if (text === null || text === '') return null;
              return (
                <FormControlLabel
                  key={choice}
                  value={choice}
                  disabled={locked}
                  control={<Radio />}
                  label={`${choice.toUpperCase()}. ${text}`}
                />
              );
            })}
          </RadioGroup>

          {outcome ? (
            <Alert severity={outcome.is_correct ? 'success' : 'error'} sx={{ mt: 2 }}>
              <strong>{outcome.is_correct ? 'Correct' : 'Incorrect'}</strong>
              {outcome.correct_answer
                ? ` — the correct answer is ${outcome.correct_answer.toUpperCase()}.`
                : '.'}{' '}
              Points: {pointsText(outcome.points)}
              {outcome.explanation ? (
                <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                  {outcome.explanation}
                </Typography>
              ) : null}
            </Alert>
          ) : null}

          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
            <Button
              variant="outlined"
              disabled={player.index === 0}
              onClick={() => go(player.index - 1)}
            >
              Previous
            </Button>
            <Button
              variant="outlined"
              disabled={player.index >= count - 1}
              onClick={() => go(player.index + 1)}
            >
              Next
            </Button>
            <Button
              variant={answer.mark_as_important ? 'contained' : 'outlined'}
              color="secondary"
              aria-pressed={answer.mark_as_important}
              disabled={locked}
              onClick={() => change({ mark_as_important: !answer.mark_as_important })}
            >
              Mark as important
            </Button>
            <Button
              variant="text"
              disabled={locked || answer.selected_answer === null}
              onClick={() => change({ selected_answer: null })}
            >
              Clear answer
            </Button>
            {practice ? (
              <Button
                variant="contained"
                color="info"
                disabled={
                  answer.checked || !answer.selected_answer || checking || finishing !== null
                }
                onClick={() => void check()}
              >
                Check answer
              </Button>
            ) : null}
          </Box>
        </Paper>
        <QuestionPalette items={items} current={player.index} onGo={go} />
      </Box>

      <Dialog
        open={confirmOpen}
        onClose={() => (finishing ? undefined : setConfirmOpen(false))}
        aria-labelledby="submit-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="submit-title">Submit test?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            You have {count - answered} unanswered and {marked} marked questions. Submit now?
          </DialogContentText>
          {finishing === 'learner' && pending > 0 ? (
            <Typography role="status" variant="body2" sx={{ mt: 1 }}>
              Saving {plural(pending, 'answer', 'answers')} first…
            </Typography>
          ) : null}
          {finishError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {finishError}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)} disabled={finishing !== null}>
            Keep answering
          </Button>
          <Button
            variant="contained"
            disabled={finishing !== null}
            onClick={() => void finish('learner')}
          >
            Submit now
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
