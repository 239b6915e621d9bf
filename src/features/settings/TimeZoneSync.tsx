// The time zone dates are shown and typed in (issue 24), applied wherever the person is: their
// profile's choice, else the institute's default time zone, else the browser's (visitors and while
// the settings load see the institute's or the browser's). Mounted once by the router, next to
// the screens; renders nothing. lib/dates holds the zone, so lib stays free of features.
// Signed in, the profile's zone is applied by SignedInSync (lazy, with the query layer); this
// part, on the first visit, knows only the institute's.
import { pickDisplayZone, setDisplayZone } from '../../lib/dates';
import { useAppSelector } from '../../store/hooks';
import { selectIsSignedIn } from '../../session/sessionSlice';
import { selectInstituteSettings } from './instituteSlice';

/** The zone of a signed-in person (their profile's, if read) or of a visitor. */
export function applyDisplayZone(profileZone: string | null, instituteZone: string | null): void {
  // Set while rendering (idempotent): the router renders its screens after this component, so they
  // show the zone's times in the same render. Screens already shown take it at their next render.
  setDisplayZone(pickDisplayZone(profileZone, instituteZone));
}

export function TimeZoneSync() {
  const signedIn = useAppSelector(selectIsSignedIn);
  // While the settings load: the browser's zone (the portal's own settings are no institute's).
  const instituteZone = useAppSelector(selectInstituteSettings)?.defaultTimeZone ?? null;
  if (!signedIn) applyDisplayZone(null, instituteZone);
  return null;
}
