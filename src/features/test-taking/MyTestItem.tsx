// One test of a learner's list: its status, window, duration, marks, attempts left and what they
// may do now (start, resume, view the last result, or why not), in the learner's language.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import { CardListItem } from '../../components/data/CardListItem';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { examPaths } from '../../lib/paths';
import { useTranslation } from '../../lib/i18n';
import { attemptsText, practiceText, primaryAction, windowText } from './examLabels';
import type { MyTest } from './examTypes';

export function MyTestItem({ test }: { test: MyTest }) {
  const { t } = useTranslation('exam');
  const action = primaryAction(test);
  const titleId = `my-test-${test.documentId}`;
  return (
    <CardListItem
      titleId={titleId}
      title={test.TestName}
      heading="h2"
      badges={
        <>
          <Chip
            size="small"
            color={test.status === 'attempted' ? 'success' : 'default'}
            label={test.status === 'attempted' ? t('list.attempted') : t('list.unattempted')}
          />
          {test.enable_practice_test ? (
            <Chip size="small" color="info" variant="outlined" label={t('common.practice')} />
          ) : null}
        </>
      }
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {test.lastResultId ? (
            <Button
              component={RouterLink}
              to={examPaths.result(test.lastResultId)}
              variant="outlined"
              aria-label={t('list.viewResultOf', { name: test.TestName })}
            >
              {t('list.viewResult')}
            </Button>
          ) : null}
          {action.kind === 'resume' ? (
            <Button
              component={RouterLink}
              to={examPaths.attempt(action.attemptId)}
              variant="contained"
              aria-label={t('list.resumeOf', { name: test.TestName })}
            >
              {t('list.resume')}
            </Button>
          ) : null}
          {action.kind === 'start' ? (
            <Button
              component={RouterLink}
              to={examPaths.start(test.documentId)}
              variant="contained"
              aria-label={t('list.startTestOf', { name: test.TestName })}
            >
              {t('start.startTest')}
            </Button>
          ) : null}
          {action.kind === 'unavailable' ? (
            <Typography variant="body2" color="text.secondary">
              {action.reason}
            </Typography>
          ) : null}
        </Box>
      }
    >
      {test.Description ? (
        <Typography variant="body2" color="text.secondary">
          {test.Description}
        </Typography>
      ) : null}
      <Typography variant="body2">{windowText(test.ValidFrom, test.ValidTo)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {[
          test.TestDuration !== null
            ? t('start.testMinutes', { minutes: test.TestDuration })
            : null,
          test.MaximumMarks !== null ? t('list.maximumMarks', { marks: test.MaximumMarks }) : null,
          attemptsText(test),
          practiceText(test),
          test.course ? test.course.course_name : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </CardListItem>
  );
}
