import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::session.session', [
  // Everyone signed in (issue 24): end every other session of the account; this one goes on.
  ['POST', '/sessions/end-others', 'endOthers'],
]);
