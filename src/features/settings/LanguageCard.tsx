// Settings for everyone (issue 24): the language of the translated screens (today the learner's
// exam screens: instructions, player, result). Saved on the person's profile, so it follows them
// to another device, and applied at once without a reload. Each language is named in itself.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { SettingsCard } from '../../components/layout/SettingsCard';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  currentLanguage,
  isLanguage,
  setLanguage,
  useTranslation,
  type Language,
} from '../../lib/i18n';
import { useUpdateProfileMutation } from './profileEndpoints';

export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const [save, saving] = useUpdateProfileMutation();
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  // The choice being saved shows as chosen at once; a refused save puts the radio back.
  const [pending, setPending] = useState<Language | null>(null);
  // The language on screen (the profile's, applied by LanguageSync); re-rendered on a change.
  const shown: Language = isLanguage(i18n.language) ? i18n.language : currentLanguage();

  const choose = async (language: Language) => {
    setOutcome(null);
    setPending(language);
    try {
      const profile = await save({ language }).unwrap();
      await setLanguage(profile.language ?? language);
      setOutcome('saved');
    } catch {
      setOutcome('failed');
    } finally {
      setPending(null);
    }
  };

  return (
    <SettingsCard headingId="language-title" title={t('language.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('language.intro')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby="language-title"
        value={pending ?? shown}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <FormControlLabel
            key={language}
            value={language}
            disabled={saving.isLoading}
            control={<Radio />}
            label={<span lang={language}>{LANGUAGE_NAMES[language]}</span>}
          />
        ))}
      </RadioGroup>
      <Typography role="status" variant="body2" color="text.secondary">
        {outcome === 'saved' ? t('language.saved') : ''}
      </Typography>
      {outcome === 'failed' ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('language.saveError')}
        </Alert>
      ) : null}
    </SettingsCard>
  );
}
