// A signed-in person's language and time zone (issue 24), applied wherever they are: their
// profile's choices once it is read (the time zone falls back to the institute's, then the
// browser's). Mounted by the router for signed-in people only, lazily: the profile is read through
// the query layer, which the sign-in page does without (issue 25). Renders nothing.
// The i18n library is imported only when a language other than the default is wanted (or was
// applied before), so English screens never carry it; the translated screens import it themselves.
// On sign-out this unmounts and puts English back: the next person on a shared computer starts in
// English.
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../store/hooks';
import { useProfileQuery } from './profileEndpoints';
import { selectInstituteSettings } from './instituteSlice';
import { applyDisplayZone } from './TimeZoneSync';

/** The default language of lib/i18n (not imported here, see above). */
const DEFAULT = 'en';

export function SignedInSync() {
  const { data } = useProfileQuery();
  const instituteZone = useAppSelector(selectInstituteSettings)?.defaultTimeZone ?? null;
  applyDisplayZone(data?.timeZone ?? null, instituteZone);
  const language = data?.language ?? DEFAULT;
  // While the profile is read, the language on screen stays.
  const known = data !== undefined;
  const applied = useRef(false);
  useEffect(() => {
    if (!known || (language === DEFAULT && !applied.current)) return;
    applied.current = true;
    void import('../../lib/i18n').then(({ setLanguage }) => setLanguage(language));
  }, [known, language]);
  useEffect(
    () => () => {
      if (applied.current)
        void import('../../lib/i18n').then(({ setLanguage }) => setLanguage(DEFAULT));
    },
    [],
  );
  return null;
}
