import { customRoutes } from '../../../platform/http/routes';

/**
 * Allocation, moderation, release check and re-check requests of Mains scripts (issue 27); see
 * docs/api.md "Issue 27: allocation and re-check". The rules are in src/modules/mains.
 */
export default customRoutes('api::marking.marking', [
  // Administrators: who marks what, moderation, the release check
  ['GET', '/mains/allocations', 'allocations'],
  ['POST', '/mains/allocations', 'allocate'],
  ['POST', '/mains/allocations/moderation', 'moderate'],
  ['GET', '/mains/release-check', 'releaseCheck'],
  // The moderating faculty member
  ['PUT', '/mains/moderations', 'submitModeration'],
  // Re-check requests: learners ask, the marker (or an administrator) answers
  ['GET', '/mains/rechecks', 'rechecks'],
  ['POST', '/mains/rechecks', 'requestRecheck'],
  ['POST', '/mains/rechecks/:requestId/answer', 'answerRecheck'],
]);
