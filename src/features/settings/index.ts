// What other areas and the app shell use of Settings: the institute's settings and look, and the
// person's language and time zone applied everywhere (issue 24).
// The Settings page is a lazy screen (app/screens.tsx), never exported here.
export { INSTITUTE_FALLBACK } from './instituteTypes';
export type { Institute } from './instituteTypes';
export { useInstitute, useInstituteDocument } from './useInstitute';
export { InstituteHeader } from './InstituteHeader';
export { LanguageSync } from './LanguageSync';
export { TimeZoneSync } from './TimeZoneSync';
