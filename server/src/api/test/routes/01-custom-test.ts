import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::test.test', [
  // Staff: copy a test with its questions, in one transaction.
  ['POST', '/duplicate-tests', 'duplicate'],
  // Staff: tell the faculties of a test (their user accounts) about it.
  ['POST', '/notify-faculties', 'notifyFaculties'],
  // Staff: what a regrade after a key or marks change would change, and the regrade (issue 23).
  ['GET', '/tests/:documentId/regrade', 'regradePreview'],
  ['POST', '/tests/:documentId/regrade', 'regrade'],
  // Staff (issue 23): publish a draft after its checks; close the window now.
  ['POST', '/tests/:documentId/publish', 'publish'],
  ['POST', '/tests/:documentId/close', 'close'],
]);
