import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::registration.registration', [
  // Learner self-registration. Needs the default visitor token (or a role granted the action);
  // a request without any Authorization header gets the Public role, which has no permissions.
  ['POST', '/register', 'register'],
]);
