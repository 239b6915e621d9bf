import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::test.test', [
  // Staff: copy a test with its questions, in one transaction.
  ['POST', '/duplicate-tests', 'duplicate'],
  // Staff: tell the faculties of a test (their user accounts) about it.
  ['POST', '/notify-faculties', 'notifyFaculties'],
  // Staff (issue 26): the test as a learner's player shows it, without an attempt.
  ['GET', '/tests/:documentId/preview', 'preview'],
  // Staff: what a regrade after a key or marks change would change, and the regrade (issue 23).
  ['GET', '/tests/:documentId/regrade', 'regradePreview'],
  ['POST', '/tests/:documentId/regrade', 'regrade'],
  // Staff (issue 23): publish a draft after its checks; close the window now.
  ['POST', '/tests/:documentId/publish', 'publish'],
  ['POST', '/tests/:documentId/close', 'close'],
  // Staff (issue 23): a learner's or a batch's extra time, attempts and window on the test.
  ['GET', '/tests/:documentId/accommodations', 'accommodations'],
  ['POST', '/tests/:documentId/accommodations', 'createAccommodation'],
  ['PUT', '/tests/:documentId/accommodations/:accommodationId', 'updateAccommodation'],
  ['DELETE', '/tests/:documentId/accommodations/:accommodationId', 'deleteAccommodation'],
]);
