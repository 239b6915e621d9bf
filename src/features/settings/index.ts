// What other areas and the app shell use of Settings: the institute's settings and look, and the
// person's language and time zone applied everywhere (issue 24).
// The Settings page is a lazy screen (app/screens.tsx), never exported here; so is SignedInSync
// (the person's language and time zone, lazy in app/router.tsx): nothing here may import the
// query layer (store/api.ts), which the sign-in page does without (issue 25).
export { INSTITUTE_FALLBACK } from './instituteTypes';
export type { Institute } from './instituteTypes';
export { useInstitute, useInstituteDocument, useInstituteLoader } from './useInstitute';
export { InstituteHeader } from './InstituteHeader';
export { TimeZoneSync } from './TimeZoneSync';
