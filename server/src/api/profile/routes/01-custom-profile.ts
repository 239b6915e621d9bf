import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::profile.profile', [
  // Everyone signed in (issue 24, Settings): their own name, mobile number and avatar.
  ['GET', '/profile', 'show'],
  ['PUT', '/profile', 'update'],
  ['POST', '/profile/avatar', 'avatar'],
]);
