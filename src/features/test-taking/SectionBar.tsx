// The section tabs of a test with sections (issue 23): the current one marked, closed ones (and,
// in fixed order, those not open yet) disabled, the current section's time left, and in fixed
// order a "Next section" action that asks first (a closed section cannot be reopened). The
// server's move (a section's time ending) is announced politely for screen readers.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ChoiceDialog } from '../../components/feedback/ChoiceDialog';
import { useTranslation } from '../../lib/i18n';
import { clockText } from './examLabels';
import type { ExamSection, ExamSections } from './examTypes';

const STATE_LABEL = {
  current: 'section.open',
  closed: 'section.closed',
  available: 'section.timeLeft',
  upcoming: 'section.notOpenYet',
} as const satisfies Record<ExamSection['state'], string>;

interface SectionBarProps {
  sections: ExamSections;
  /** The current section's seconds left (null: unknown). */
  sectionSeconds: number | null;
  moving: boolean;
  error: string | null;
  announcement: string;
  onMove: (section: number) => void;
  onClearError: () => void;
}

export function SectionBar(props: SectionBarProps) {
  const { sections, sectionSeconds, moving, error, announcement, onMove, onClearError } = props;
  const { t } = useTranslation('exam');
  const [confirm, setConfirm] = useState(false);
  const current = sections.list[sections.current];
  const next = sections.fixedOrder ? sections.list[sections.current + 1] : undefined;
  // After a section change the focus would be lost (on "Next section", disabled while moving and
  // gone after the last, or on a question no longer shown): it goes to the open section's tab.
  const tabRefs = useRef<Array<HTMLDivElement | null>>([]);
  const openSection = sections.current;
  const shownSection = useRef(openSection);
  useEffect(() => {
    if (shownSection.current === openSection) return;
    shownSection.current = openSection;
    tabRefs.current[openSection]?.focus();
  }, [openSection]);
  const disabled = (section: ExamSection) =>
    moving || section.state === 'closed' || section.state === 'upcoming';
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Tabs
          value={sections.current}
          onChange={(_event, value: number) => {
            if (!sections.fixedOrder && value !== sections.current) onMove(value);
          }}
          aria-label={t('section.tabs')}
          variant="scrollable"
          sx={{ flexGrow: 1 }}
        >
          {sections.list.map((section, i) => (
            <Tab
              key={i}
              ref={(element: HTMLDivElement | null) => {
                tabRefs.current[i] = element;
              }}
              value={i}
              label={t('section.tab', { name: section.name, state: t(STATE_LABEL[section.state]) })}
              disabled={i !== sections.current && disabled(section)}
            />
          ))}
        </Tabs>
        {sectionSeconds !== null ? (
          <Typography
            role="timer"
            aria-label={t('section.sectionTimeLeft')}
            variant="subtitle1"
            component="p"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {current?.name}: {clockText(sectionSeconds)}
          </Typography>
        ) : null}
        {next ? (
          <Button variant="outlined" disabled={moving} onClick={() => setConfirm(true)}>
            {t('section.next')}
          </Button>
        ) : null}
      </Box>
      <Typography aria-live="polite" variant="body2" color="text.secondary">
        {announcement}
      </Typography>
      {error && !confirm ? (
        <Alert severity="error" onClose={onClearError} sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {next ? (
        <ChoiceDialog
          open={confirm}
          title={t('section.goTo', { name: next.name })}
          error={error}
          busy={moving}
          cancelLabel={t('section.stayIn', { name: current?.name ?? t('section.thisSection') })}
          confirmLabel={t('section.closeThis')}
          onConfirm={() => {
            setConfirm(false);
            onMove(sections.current + 1);
          }}
          onClose={() => setConfirm(false)}
        >
          <DialogContentText>
            {t('section.closesForGood', {
              current: current?.name ?? '',
              next: next.name,
              minutes: next.minutes,
            })}
          </DialogContentText>
        </ChoiceDialog>
      ) : null}
    </Box>
  );
}
