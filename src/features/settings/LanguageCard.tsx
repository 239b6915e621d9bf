// Settings for everyone (issue 24): the language of the translated screens (today the learner's
// exam screens: instructions, player, result). Saved on the person's profile, so it follows them
// to another device, and applied at once without a reload. Each language is named in itself.
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
import { ChoiceStatus, useProfileChoice } from './profileChoice';
import { useUpdateProfileMutation } from './profileEndpoints';

export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const [save, saving] = useUpdateProfileMutation();
  // The choice being saved shows as chosen at once; a refused save puts the radio back.
  const { pending, outcome, choose } = useProfileChoice(async (language: Language) => {
    const profile = await save({ language }).unwrap();
    await setLanguage(profile.language ?? language);
  });
  // The language on screen (the profile's, applied by SignedInSync); re-rendered on a change.
  const shown: Language = isLanguage(i18n.language) ? i18n.language : currentLanguage();

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
      <ChoiceStatus
        outcome={outcome}
        saved={t('language.saved')}
        failed={t('language.saveError')}
      />
    </SettingsCard>
  );
}
