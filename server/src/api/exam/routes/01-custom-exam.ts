import type { Core } from '@strapi/strapi';

/** The learner's exam flow (issue 7); see docs/api.md "Taking a test". */
const route = (method: 'GET' | 'POST', path: string, action: string) => ({
  method,
  path,
  handler: `api::exam.exam.${action}`,
  // Authenticated by global::exam-learner (src/modules/exam/learner-auth.ts): the permission table's
  // grants, checked with one query instead of the generic content-API authentication.
  config: {
    auth: false as const,
    policies: [{ name: 'global::exam-learner', config: { action: `api::exam.exam.${action}` } }],
    middlewares: [],
  },
});

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    route('POST', '/test/prelims/initialize', 'initialize'),
    route('GET', '/test/prelims/attempts/:attemptId', 'attempt'),
    route('POST', '/test/prelims/submit', 'submit'),
    route('POST', '/test/prelims/check', 'check'),
    route('GET', '/test/prelims/results/:resultId', 'result'),
    route('GET', '/test/prelims/my-tests', 'myTests'),
  ],
};

export default routes;
