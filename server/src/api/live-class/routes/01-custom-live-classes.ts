import { customRoutes } from '../../../platform/http/routes';

/** Live classes (issue 21); see docs/api.md "Live classes (issue 21)". */
export default customRoutes('api::live-class.live-class', [
  ['GET', '/live-classes/upcoming', 'upcoming'],
  ['GET', '/live-classes/config', 'config'],
  ['POST', '/zoom/signature', 'signature'],
  ['POST', '/live-classes/:documentId/join', 'join'],
  ['GET', '/live-classes/:documentId/calendar', 'calendar'],
  ['GET', '/live-classes/:documentId/attendance', 'attendance'],
  ['GET', '/live-classes/:documentId/attendance/export', 'exportAttendance'],
  ['GET', '/my-attendance', 'myAttendance'],
]);
