import { customRoutes } from '../../../platform/http/routes';

/** Staff (issue 26): a pool question as the learner's player would show it; the pool's filtered
 * list and bulk edit of its organising fields. */
export default customRoutes('api::question-pool.question-pool', [
  ['GET', '/question-pools/:documentId/preview', 'preview'],
  ['GET', '/questionPool-search', 'search'],
  ['POST', '/questionPool-bulk-edit', 'bulkEdit'],
]);
