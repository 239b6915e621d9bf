import { customRoutes, type RouteLine } from '../../../platform/http/routes';

/** The learner's exam flow (issue 7); see docs/api.md "Taking a test". */
const lines: RouteLine[] = [
  ['POST', '/test/prelims/initialize', 'initialize'],
  ['GET', '/test/prelims/attempts/:attemptId', 'attempt'],
  ['POST', '/test/prelims/submit', 'submit'],
  ['POST', '/test/prelims/section', 'section'],
  ['POST', '/test/prelims/check', 'check'],
  ['GET', '/test/prelims/results/:resultId', 'result'],
  ['GET', '/test/prelims/my-tests', 'myTests'],
];

// Authenticated by global::exam-learner (src/modules/exam/learner-auth.ts): the permission table's
// grants, checked with one query instead of the generic content-API authentication.
export default customRoutes(
  'api::exam.exam',
  lines.map(([method, path, action]) => [
    method,
    path,
    action,
    {
      public: true,
      policies: [{ name: 'global::exam-learner', config: { action: `api::exam.exam.${action}` } }],
    },
  ]),
);
