import type { Core } from '@strapi/strapi';

/** Mains work (issue 8); see docs/api.md "Mains: assignments, submissions, evaluation, results". */
const route = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, action: string) => ({
  method,
  path,
  handler: `api::mains.mains.${action}`,
  config: { policies: [], middlewares: [] },
});

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    // Learners
    route('GET', '/mains/my-work', 'myWork'),
    route('POST', '/mains/start', 'start'),
    route('GET', '/mains/attempts/:attemptId', 'attempt'),
    route('POST', '/mains/answers/:answerId/documents', 'addDocuments'),
    route('DELETE', '/mains/answers/:answerId/documents/:fileId', 'removeDocument'),
    route('POST', '/mains/submit', 'submit'),
    // Staff (and the learner's own script)
    route('GET', '/mains/works', 'works'),
    route('GET', '/mains/results', 'results'),
    route('GET', '/mains/scripts/:resultId', 'script'),
    route('POST', '/mains/evaluations', 'createEvaluation'),
    route('PUT', '/mains/evaluations/:evaluationId', 'updateEvaluation'),
    route('POST', '/mains/evaluations/:evaluationId/document', 'evaluationDocument'),
    route('POST', '/result-bulk', 'publish'),
  ],
};

export default routes;
