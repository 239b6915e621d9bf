import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::assignment.assignment', [
  // Staff (issue 23): publish a draft after its checks; close the submission window now.
  ['POST', '/assignments/:documentId/publish', 'publish'],
  ['POST', '/assignments/:documentId/close', 'close'],
]);
