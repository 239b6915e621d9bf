// /testcorner/:testId/start: what the learner should know before the clock starts, then
// "Start test" (POST initialize, a scored attempt) and on to the attempt; where the test offers
// practice, "Practice" too (issue 23), each saying what it means. The server's refusal (not open
// yet, closed, no attempts left, a deactivated course) is shown in its own words.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { examPaths } from '../../lib/paths';
import { PageContainer } from '../../components/layout/PageContainer';
import { errorMessage } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import {
  selectListedTest,
  useMyTestsQuery,
  useStartTestMutation,
  useTestBriefQuery,
} from './examEndpoints';
import { attemptsText, practiceText, windowText } from './examLabels';
import { BackToTests, Fact, Facts, PageWaiting } from './ExamFacts';
import { IntegrityNotice } from './IntegrityNotice';
import type { AttemptMode, MyTest, TestBrief } from './examTypes';

/** "Your time: 55 minutes (includes 25 extra)" when an accommodation adds time; else the test's. */
export function durationFact(brief: TestBrief, mine: MyTest | undefined): string {
  if (mine?.accommodated && mine.effectiveDuration) {
    const extra = mine.extraMinutes ?? 0;
    return extra > 0
      ? `Your time: ${mine.effectiveDuration} minutes (includes ${extra} extra)`
      : `Your time: ${mine.effectiveDuration} minutes`;
  }
  return brief.TestDuration !== null ? `${brief.TestDuration} min` : '—';
}

function passMark(brief: TestBrief): string {
  if (brief.PassMark === null) return '—';
  return brief.pass_mark_unit === 'percent' ? `${brief.PassMark}%` : `${brief.PassMark} marks`;
}

export function TestStartPage() {
  const { testId = '' } = useParams();
  const navigate = useNavigate();
  // The list the learner came from knows the attempts used; the brief only the maximum.
  const cached = useAppSelector((state) => selectListedTest(state, testId));
  // Opened directly (no list in the cache): the learner's own terms of this one test.
  const own = useMyTestsQuery(
    { page: 1, pageSize: 1, courseId: null, testId },
    { skip: cached !== undefined },
  );
  const listed = cached ?? own.data?.items.find((item) => item.documentId === testId);
  const briefQuery = useTestBriefQuery(testId);
  const brief = briefQuery.data ?? null;
  const loadError = queryErrorMessage(briefQuery.error, 'The test could not be loaded.');
  const [startTest] = useStartTestMutation();
  const [starting, setStarting] = useState<AttemptMode | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  const start = async (mode: AttemptMode) => {
    setStarting(mode);
    setStartError(null);
    try {
      const opened = await startTest({ testId, mode }).unwrap();
      void navigate(examPaths.attempt(opened.attempt.documentId), { replace: true });
    } catch (failure) {
      setStartError(
        errorMessage(
          failure,
          mode === 'practice'
            ? 'The practice could not be started.'
            : 'The test could not be started.',
        ),
      );
      setStarting(null);
    }
  };

  if (!brief) {
    return <PageWaiting title="Test" error={loadError} loadingLabel="Loading the test" />;
  }

  const attempts = listed
    ? attemptsText(listed)
    : brief.max_attempts === 0
      ? 'Unlimited attempts'
      : brief.max_attempts !== null
        ? `${brief.max_attempts} attempt(s) allowed`
        : '—';
  const practice = brief.enable_practice_test;
  const practiceLimit =
    (listed ? practiceText(listed) : null) ??
    (brief.max_practice_attempts
      ? `Practice: ${brief.max_practice_attempts} allowed, not counted`
      : 'Practice: unlimited, not counted');
  return (
    <PageContainer title={brief.TestName} actions={<BackToTests />}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {practice ? (
          <Chip color="info" variant="outlined" label="Practice available" sx={{ mb: 2 }} />
        ) : null}
        <Facts columns={4} spaced>
          <Fact term="Duration" value={durationFact(brief, listed)} />
          <Fact
            term="Maximum marks"
            value={brief.MaximumMarks !== null ? String(brief.MaximumMarks) : '—'}
          />
          <Fact term="Pass mark" value={passMark(brief)} />
          <Fact term="Attempts" value={attempts} />
        </Facts>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {listed
            ? windowText(listed.ValidFrom, listed.ValidTo)
            : windowText(brief.ValidFrom, brief.ValidTo)}
        </Typography>
        <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
          Instructions
        </Typography>
        <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mb: 2 }}>
          {brief.instructions?.trim() || 'Answer the questions in any order.'}
        </Typography>
        <Box component="ul" sx={{ pl: 3, mb: 3 }}>
          <li>
            The clock starts when you press Start test and keeps running if you leave the page; the
            test is submitted automatically when the time is up.
          </li>
          <li>
            A wrong answer may cost marks (negative marking); an unanswered question scores 0.
          </li>
          <li>
            Every answer is saved as you give it. If the connection drops, keep the page open:
            answers are kept in this browser and sent when it is back.
          </li>
        </Box>
        <IntegrityNotice requireFullscreen={brief.require_fullscreen === true} />
        {startError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {startError}
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: practice ? '1fr 1fr' : '1fr' },
          }}
        >
          <Box>
            <Button
              variant="contained"
              size="large"
              disabled={starting !== null}
              onClick={() => void start('scored')}
              aria-describedby="start-scored-help"
            >
              Start test
            </Button>
            <Typography id="start-scored-help" variant="body2" sx={{ mt: 1 }}>
              Scored: your marks count, with a rank among the learners. It uses one of your attempts
              ({attempts.toLowerCase()}).
            </Typography>
          </Box>
          {practice ? (
            <Box>
              <Button
                variant="outlined"
                size="large"
                disabled={starting !== null}
                onClick={() => void start('practice')}
                aria-describedby="start-practice-help"
              >
                Practice
              </Button>
              <Typography id="start-practice-help" variant="body2" sx={{ mt: 1 }}>
                Not scored: check each answer as you go to see the correct one and why. It is not
                counted, ranked or shown in results ({practiceLimit.toLowerCase()}).
              </Typography>
            </Box>
          ) : null}
        </Box>
      </Paper>
    </PageContainer>
  );
}
