// /testcorner/attempt/:attemptId: taking a test. The menu and top bar are hidden and idle
// sign-out waits (the ui slice's test-started flag). The clock is the server's (its expiry, and
// the offset between its clock and this one). The attempt opens with useAttempt (the outbox laid
// over the server's answers, at the same question); every change goes through the outbox
// (useAnswerOutbox: IndexedDB first, then saved). Submit (or the end of the time) first sends
// what waits, then submits.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../store/hooks';
import { examPaths, paths } from '../../lib/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { errorMessage } from '../../lib/strapi';
import { useTranslation } from '../../lib/i18n';
import { headerVisibilityChanged, testStartedChanged } from '../../store/uiSlice';
import { examEndpoints } from './examEndpoints';
import { clockText } from './examLabels';
import { questionShown } from './examSlice';
import { useOnline, usePendingTooLong, useSecondsLeft } from './playerClock';
import { QuestionPalette, paletteItem } from './QuestionPalette';
import { QuestionPanel } from './QuestionPanel';
import { TimeAnnouncer } from './TimeAnnouncer';
import { SectionBar } from './SectionBar';
import { useSections } from './useSections';
import { SubmitDialog } from './SubmitDialog';
import { useAnswerOutbox, type AnswerPatch } from './useAnswerOutbox';
import { useAttempt } from './useAttempt';
import { clearEvents, takeEvents } from './integrityLog';
import { useIntegrityLog } from './useIntegrityLog';
import { useMarkingWait } from './useMarkingWait';

/** How long Submit waits for unsent answers before telling the learner. */
export const SUBMIT_FLUSH_MS = 10_000;
/** At the end of the time: send what can be sent in this long, then submit. */
export const EXPIRY_FLUSH_MS = 5_000;
/** The countdown turns to a warning colour in the last 5 minutes. */
const WARNING_SECONDS = 5 * 60;

export function AttemptPlayer() {
  const { attemptId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation('exam');
  const { player, mine, ready, confirmOver, check: checkAnswer } = useAttempt(attemptId);
  const finishingRef = useRef(false);
  const checksAsked = useRef(new Set<string>());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [finishing, setFinishing] = useState<null | 'learner' | 'expired'>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { marking, waitForResult } = useMarkingWait(attemptId);
  const online = useOnline();
  const pendingTooLong = usePendingTooLong(player.pendingCount);
  const outbox = useAnswerOutbox(attemptId, ready, {
    // The attempt may be over (then its result shows); otherwise the server's word.
    onConflict: (message) => {
      confirmOver().then(
        (over) => (over ? undefined : setNotice(message)),
        () => setNotice(message),
      );
    },
    onRejected: setNotice,
  });

  // The integrity log (issue 23): recorded while the attempt is open, sent with the saves.
  const integrity = useIntegrityLog(
    attemptId,
    ready && mine && !player.ended,
    player.test?.require_fullscreen === true,
  );

  // Sections with their own timers (issue 23): the server moves them; the player follows.
  const sectionsState = useSections({
    attemptId,
    sections: player.sections,
    clockOffsetMs: player.clockOffsetMs,
    active: ready && mine && !player.ended && finishing === null,
    visited: player.visited,
    flush: outbox.flush,
  });

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
  }, [attemptId]);

  // An attempt that is over goes to its result.
  const ended = mine && player.ended;
  const resultId = player.resultId;
  useEffect(() => {
    if (ended && resultId) void navigate(examPaths.result(resultId), { replace: true });
  }, [ended, resultId, navigate]);

  // Closed (here, elsewhere or by the server) and not marked yet: its result is waited for.
  useEffect(() => {
    if (mine && ended && !resultId) waitForResult(0);
  }, [mine, ended, resultId, waitForResult]);

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
        setFinishError(t('player.notSent', { count: outbox.size() }));
        return;
      }
      // The integrity log's last events ride with the submit.
      const taken = takeEvents(attemptId);
      try {
        const outcome = await dispatch(
          examEndpoints.endpoints.submitAttempt.initiate(
            { attemptId, events: taken.events },
            { track: false },
          ),
        ).unwrap();
        taken.done();
        clearEvents(attemptId);
        outbox.stop();
        if ('result' in outcome) {
          void navigate(examPaths.result(outcome.result.documentId), { replace: true });
        } else {
          waitForResult(outcome.retryAfterMs); // closed; the result follows
        }
      } catch (failure) {
        taken.release();
        // Already closed by the server (time up elsewhere)? Then its result is ready.
        const over = await confirmOver().catch(() => false);
        if (over) return;
        finishingRef.current = false;
        setFinishing(null);
        setFinishError(errorMessage(failure, t('player.submitError')));
      }
    },
    [attemptId, dispatch, navigate, outbox, confirmOver, t, waitForResult],
  );

  // The end of the time submits the attempt.
  useEffect(() => {
    if (!ready || secondsLeft !== 0) return;
    // Started from a callback, not the effect itself (the submit sets the player's state).
    queueMicrotask(() => void finish('expired'));
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
    checkAnswer(answerId).catch(() => undefined);
  }, [answerId, checked, outcome, checkAnswer]);

  if (marking !== 'idle') {
    return (
      <Box role="status" sx={{ maxWidth: 640, mx: 'auto', mt: 6, textAlign: 'center', px: 2 }}>
        {marking === 'waiting' ? <CircularProgress aria-hidden sx={{ mb: 2 }} /> : null}
        <Typography variant="h6" component="p" sx={{ mb: 2 }}>
          {t(marking === 'waiting' ? 'player.marking' : 'player.markingLate')}
        </Typography>
        {marking === 'late' ? (
          <Button component={RouterLink} to={paths.testCorner}>
            {t('common.backToTests')}
          </Button>
        ) : null}
      </Box>
    );
  }
  if (!mine || player.status === 'loading' || player.status === 'idle' || (ended && resultId)) {
    return <Spinner label={t('player.loading')} />;
  }
  if (player.status === 'failed' || ended || !question || !answer) {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
        <Alert severity={ended ? 'info' : 'error'} sx={{ mb: 2 }}>
          {ended ? t('player.over') : (player.error ?? t('player.noQuestions'))}
        </Alert>
        <Button component={RouterLink} to={paths.testCorner}>
          {t('common.backToTests')}
        </Button>
      </Box>
    );
  }

  const locked = answer.checked || finishing !== null;
  const change = (patch: AnswerPatch) => {
    if (!locked) outbox.change(question.documentId, answer, patch);
  };

  const check = async () => {
    setChecking(true);
    setNotice(null);
    try {
      if (!(await outbox.flush(SUBMIT_FLUSH_MS))) {
        setNotice(t('player.answerNotSaved'));
        return;
      }
      await checkAnswer(answer.answerId);
    } catch (failure) {
      setNotice(errorMessage(failure, t('player.checkError')));
    } finally {
      setChecking(false);
    }
  };

  const go = (next: number) => dispatch(questionShown(next));
  const count = player.questions.length;
  const items = player.questions.map((q, i) =>
    paletteItem(player.answers[q.documentId], player.visited.includes(i)),
  );
  // With sections, the panel and the palette show the current section's questions only.
  const sections = player.sections;
  const shown = player.questions
    .map((q, i) => ({ q, i }))
    .filter(({ q }) => !sections || (q.section ?? 0) === sections.current)
    .map(({ i }) => i);
  const position = Math.max(0, shown.indexOf(player.index));
  const goShown = (next: number) => go(shown[next] ?? player.index);
  const answered = items.filter((item) => item.state === 'answered').length;
  const marked = items.filter((item) => item.marked).length;
  const pending = player.pendingCount;
  const showBanner = !online || pendingTooLong;
  const timeUp = secondsLeft === 0;

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="page-title" variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {player.test?.TestName}
          {practice ? (
            <Chip size="small" color="info" label={t('common.practice')} sx={{ ml: 1 }} />
          ) : null}
        </Typography>
        {secondsLeft !== null ? (
          <Typography
            role="timer"
            aria-label={t('player.timeLeft')}
            variant="h6"
            component="p"
            color={secondsLeft <= WARNING_SECONDS ? 'error' : 'text.primary'}
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {clockText(secondsLeft)}
          </Typography>
        ) : null}
        <TimeAnnouncer secondsLeft={secondsLeft} />
        <Button
          variant="contained"
          color="primary"
          disabled={finishing !== null}
          onClick={() => (timeUp ? void finish('expired') : setConfirmOpen(true))}
        >
          {t('player.submit')}
        </Button>
      </Box>

      {sections ? (
        <SectionBar
          sections={sections}
          sectionSeconds={sectionsState.sectionSeconds}
          moving={sectionsState.moving}
          error={sectionsState.error}
          announcement={sectionsState.announcement}
          onMove={(to) => void sectionsState.move(to)}
          onClearError={sectionsState.clearError}
        />
      ) : null}
      {showBanner ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {online ? t('player.connectionProblem') : t('player.offline')} —{' '}
          {pending > 0 ? t('player.waiting', { count: pending }) : t('player.keptHere')}
        </Alert>
      ) : null}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {pending === 0
          ? showBanner
            ? ''
            : t('player.allSaved')
          : showBanner
            ? ''
            : t('player.saving')}
      </Typography>
      {finishing === 'expired' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('player.timeUp')}
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
              {t('player.tryAgain')}
            </Button>
          }
        >
          {finishError}
        </Alert>
      ) : null}
      {integrity.fullscreenWanted ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={integrity.enterFullscreen}>
              {t('player.enterFullscreen')}
            </Button>
          }
        >
          {t('player.fullscreenNotice')}
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
        <QuestionPanel
          question={question}
          answer={answer}
          index={position}
          count={shown.length}
          outcome={outcome}
          practice={practice}
          locked={locked}
          checkBusy={checking || finishing !== null}
          onChange={change}
          onGo={goShown}
          onCheck={() => void check()}
        />
        <QuestionPalette
          items={shown.map((i) => items[i] ?? paletteItem(undefined, false))}
          current={position}
          onGo={goShown}
        />
      </Box>

      <SubmitDialog
        open={confirmOpen}
        unanswered={count - answered}
        marked={marked}
        saving={finishing === 'learner' ? pending : 0}
        busy={finishing !== null}
        error={finishError}
        onClose={() => setConfirmOpen(false)}
        onSubmit={() => void finish('learner')}
      />
    </Box>
  );
}
