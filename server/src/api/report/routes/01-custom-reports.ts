import { customRoutes } from '../../../platform/http/routes';

/** Reports (issue 22); see docs/api.md "Reports (issue 22)". Staff only, except my-progress (learners). */
export default customRoutes('api::report.report', [
  ['GET', '/test-data', 'testData'],
  ['GET', '/reports/tests/:documentId/results', 'testResults'],
  ['GET', '/reports/tests/:documentId/results/export', 'exportResults'],
  ['GET', '/reports/tests/:documentId/subjects', 'testSubjects'],
  ['GET', '/reports/leaderboard', 'leaderboard'],
  ['GET', '/reports/my-progress', 'myProgress'],
  ['GET', '/reports/learners/:documentId/progress', 'learnerProgress'],
  ['GET', '/reports/results/:documentId/events', 'resultEvents'],
]);
