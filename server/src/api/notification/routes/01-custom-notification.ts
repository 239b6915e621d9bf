import { customRoutes } from '../../../platform/http/routes';

/** Notifications (issue 20); see docs/api.md "Notifications". Every signed-in role, own rows only. */
export default customRoutes('api::notification.notification', [
  ['GET', '/top-notifications', 'top'],
  ['PUT', '/read-all-notifications', 'readAll'],
  ['GET', '/notifications/stream', 'stream'],
  ['GET', '/notification-preferences', 'preferences'],
  ['PUT', '/notification-preferences', 'savePreferences'],
]);
