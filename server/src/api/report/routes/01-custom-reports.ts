import { customRoutes } from '../../../platform/http/routes';

/** Reports (issue 22); see docs/api.md "Reports (issue 22)". Staff only. */
export default customRoutes('api::report.report', [
  ['GET', '/test-data', 'testData'],
  ['GET', '/reports/tests/:documentId/results', 'testResults'],
]);
