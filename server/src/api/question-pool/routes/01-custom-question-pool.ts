import { customRoutes } from '../../../platform/http/routes';

/** Staff: the pool's filtered list and bulk edit of its organising fields (issue 26). */
export default customRoutes('api::question-pool.question-pool', [
  ['GET', '/questionPool-search', 'search'],
  ['POST', '/questionPool-bulk-edit', 'bulkEdit'],
]);
