// The live classes module's door (issue 21): scheduling rules, joining (Zoom signature, links),
// the upcoming list, calendars, attendance. Other modules and the API import only this file.
export { NOT_CONFIGURED, zoomConfigured } from './config';
export { createLiveClassRules } from './events';
export { zoomSignature, joinClass, type SignatureRequest } from './join';
export { upcomingClasses } from './upcoming';
export { visibleClass } from './classes';
export { classCalendar, calendarFileName } from './calendar';
export { classAttendance, myAttendance } from './attendance';
export { exportAttendance } from './attendance-export';
export { liveClassesReadiness, migrateJoinUrls, reportLiveClasses } from './readiness';
export { signMeetingSdkJwt, signatureClaims } from './zoom-signature';
export { forgetZoomToken } from './zak';
