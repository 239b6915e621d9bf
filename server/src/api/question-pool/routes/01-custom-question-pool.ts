import { customRoutes } from '../../../platform/http/routes';

/** Staff (issue 26): a pool question as the learner's player would show it. */
export default customRoutes('api::question-pool.question-pool', [
  ['GET', '/question-pools/:documentId/preview', 'preview'],
]);
