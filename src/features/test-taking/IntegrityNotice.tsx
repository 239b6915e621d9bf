// What the integrity log records, told to the learner before a start (issue 23): the log never
// fails anyone by itself, but a learner should know what their teachers will see.
import Alert from '@mui/material/Alert';
import { useTranslation } from '../../lib/i18n';

export function IntegrityNotice({ requireFullscreen }: { requireFullscreen: boolean }) {
  const { t } = useTranslation('exam');
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }} aria-label={t('integrity.label')}>
      {t('integrity.log')}
      {requireFullscreen ? ` ${t('integrity.fullscreen')}` : ''} {t('integrity.marks')}
    </Alert>
  );
}
