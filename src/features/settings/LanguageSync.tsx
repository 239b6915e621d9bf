// The signed-in person's language (issue 24), applied wherever they are: their profile's choice
// once it is read, English for visitors and after sign-out (the next person on a shared computer
// starts in English). Mounted once by the router; renders nothing. The i18n library is imported
// only when a language other than the default is wanted (or was applied before), so the sign-in
// page's first download does not carry it; the translated screens import it themselves.
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectIsSignedIn } from '../../session/sessionSlice';
import { useProfileQuery } from './profileEndpoints';

/** The default language of lib/i18n (not imported here, see above). */
const DEFAULT = 'en';

export function LanguageSync() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data } = useProfileQuery(undefined, { skip: !signedIn });
  const language = signedIn ? (data?.language ?? DEFAULT) : DEFAULT;
  // While the profile is read, the language on screen stays.
  const known = !signedIn || data !== undefined;
  const applied = useRef(false);
  useEffect(() => {
    if (!known || (language === DEFAULT && !applied.current)) return;
    applied.current = true;
    void import('../../lib/i18n').then(({ setLanguage }) => setLanguage(language));
  }, [known, language]);
  return null;
}
