import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::institute.institute', [
  // Everyone (signed-out visitors through the default token): name, look and public rules.
  ['GET', '/institute', 'show'],
  // Administrators (issue 24): change the settings; set or clear the logo and the favicon.
  ['PUT', '/institute', 'update'],
  ['POST', '/institute/files/:field', 'setFile'],
  ['DELETE', '/institute/files/:field', 'clearFile'],
]);
