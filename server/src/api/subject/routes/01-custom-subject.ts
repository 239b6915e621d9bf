import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::subject.subject', [
  // Staff: unlink and delete topics of a subject, in one transaction.
  ['POST', '/subjects/:documentId/remove-topics', 'removeTopics'],
]);
