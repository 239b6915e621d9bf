// The time zone dates are shown and typed in (issue 24), applied wherever the person is: their
// profile's choice, else the institute's default time zone, else the browser's (visitors and while
// the settings load see the institute's or the browser's). Mounted once by the router, next to
// LanguageSync; renders nothing. lib/dates holds the zone, so lib stays free of features.
import { pickDisplayZone, setDisplayZone } from '../../lib/dates';
import { useAppSelector } from '../../store/hooks';
import { selectIsSignedIn } from '../../session/sessionSlice';
import { useInstituteQuery } from './instituteEndpoints';
import { useProfileQuery } from './profileEndpoints';

export function TimeZoneSync() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: profile } = useProfileQuery(undefined, { skip: !signedIn });
  const { data: institute } = useInstituteQuery();
  const zone = pickDisplayZone(
    signedIn ? (profile?.timeZone ?? null) : null,
    institute?.defaultTimeZone ?? null,
  );
  // Set while rendering (idempotent): the router renders its screens after this component, so they
  // show the zone's times in the same render. Screens already shown take it at their next render.
  setDisplayZone(zone);
  return null;
}
