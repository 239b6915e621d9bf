// /testcorner/:testId/start: what the learner should know before the clock starts, then
// "Start test" (POST initialize, a scored attempt) and on to the attempt; where the test offers
// practice, "Practice" too (issue 23), each saying what it means. The server's refusal (not open
// yet, closed, no attempts left, a deactivated course) is shown in its own words. A test with
// sections that have their own timers says so before the start: how many, each one's time, and
// whether their order is fixed. The page's text is in the learner's language (issue 24).
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
import { t, useTranslation } from '../../lib/i18n';
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
      ? t('start.yourTimeExtra', { minutes: mine.effectiveDuration, extra })
      : t('start.yourTime', { minutes: mine.effectiveDuration });
  }
  return brief.TestDuration !== null
    ? t('start.testMinutes', { minutes: brief.TestDuration })
    : '—';
}

function passMark(brief: TestBrief): string {
  if (brief.PassMark === null) return '—';
  return brief.pass_mark_unit === 'percent'
    ? t('start.passPercent', { mark: brief.PassMark })
    : t('start.passMarks', { mark: brief.PassMark });
}

/** The test's sections with their own timers (issue 23), told before the clock starts. */
function SectionsNotice({ brief }: { brief: TestBrief }) {
  const { t } = useTranslation('exam');
  const sections = brief.sections ?? [];
  if (sections.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="sections-title" sx={{ mb: 2 }}>
      <Typography id="sections-title" component="h2" variant="h6">
        {t('start.sectionsTitle')}
      </Typography>
      <Typography variant="body1">
        {t('start.sectionsIntro', { count: sections.length })}{' '}
        {brief.sections_fixed_order ? t('start.sectionsFixed') : t('start.sectionsFree')}
      </Typography>
      <Box component={brief.sections_fixed_order ? 'ol' : 'ul'} sx={{ pl: 3, mt: 1, mb: 0 }}>
        {sections.map((section, i) => (
          <li key={i}>
            {t('start.sectionItem', { name: section.name, minutes: section.minutes })}
          </li>
        ))}
      </Box>
    </Box>
  );
}

export function TestStartPage() {
  const { testId = '' } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation('exam');
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
  const loadError = queryErrorMessage(briefQuery.error, t('start.loadError'));
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
          mode === 'practice' ? t('start.practiceError') : t('start.startError'),
        ),
      );
      setStarting(null);
    }
  };

  if (!brief) {
    return (
      <PageWaiting title={t('start.title')} error={loadError} loadingLabel={t('start.loading')} />
    );
  }

  const attempts = listed
    ? attemptsText(listed)
    : brief.max_attempts === 0
      ? t('labels.unlimitedAttempts')
      : brief.max_attempts !== null
        ? t('labels.attemptsAllowed', { count: brief.max_attempts })
        : '—';
  const practice = brief.enable_practice_test;
  const practiceLimit =
    (listed ? practiceText(listed) : null) ??
    (brief.max_practice_attempts
      ? t('labels.practiceAllowed', { count: brief.max_practice_attempts })
      : t('labels.practiceUnlimited'));
  return (
    <PageContainer title={brief.TestName} actions={<BackToTests />}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {practice ? (
          <Chip
            color="info"
            variant="outlined"
            label={t('start.practiceAvailable')}
            sx={{ mb: 2 }}
          />
        ) : null}
        <Facts columns={4} spaced>
          <Fact term={t('start.duration')} value={durationFact(brief, listed)} />
          <Fact
            term={t('start.maximumMarks')}
            value={brief.MaximumMarks !== null ? String(brief.MaximumMarks) : '—'}
          />
          <Fact term={t('start.passMark')} value={passMark(brief)} />
          <Fact term={t('start.attempts')} value={attempts} />
        </Facts>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {listed
            ? windowText(listed.ValidFrom, listed.ValidTo)
            : windowText(brief.ValidFrom, brief.ValidTo)}
        </Typography>
        <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
          {t('start.instructions')}
        </Typography>
        <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mb: 2 }}>
          {brief.instructions?.trim() || t('start.defaultInstructions')}
        </Typography>
        <Box component="ul" sx={{ pl: 3, mb: 3 }}>
          <li>{t('start.ruleClock')}</li>
          <li>{t('start.ruleMarking')}</li>
          <li>{t('start.ruleSaving')}</li>
        </Box>
        <SectionsNotice brief={brief} />
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
              {t('start.startTest')}
            </Button>
            <Typography id="start-scored-help" variant="body2" sx={{ mt: 1 }}>
              {t('start.scoredHelp', { attempts: attempts.toLowerCase() })}
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
                {t('common.practice')}
              </Button>
              <Typography id="start-practice-help" variant="body2" sx={{ mt: 1 }}>
                {t('start.practiceHelp', { limit: practiceLimit.toLowerCase() })}
              </Typography>
            </Box>
          ) : null}
        </Box>
      </Paper>
    </PageContainer>
  );
}
